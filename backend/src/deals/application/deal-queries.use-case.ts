import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  CONTRACT_TEMPLATE_VERSION,
  contractHtml,
  contractTemplateText,
} from '../domain/contract-template.js';
import {
  currentContract,
  type Deal,
  type DealState,
  type DealView,
  UNDER_CONTRACT_STATES,
  VIEW_STATES,
} from '../domain/deal.js';
import { ContractPublisher } from './contract-publisher.js';
import { type Creator, DealTransitions, GetDeal } from './creator-deals.use-case.js';
import { ContractDocuments } from './ports/contract-documents.js';
import {
  type DealListQuery,
  type DealPage,
  DealRepository,
  type DealSummary,
} from './ports/deal.repository.js';

/** A creator's list: the repository's query with a view in place of its owner and states. */
export interface DealListRequest extends Omit<DealListQuery, 'creatorId' | 'states'> {
  readonly view: DealView;
}

@Injectable()
export class ListDeals {
  constructor(
    private readonly deals: DealRepository,
    private readonly transitions: DealTransitions,
  ) {}

  async execute(creatorId: string, request: DealListRequest): Promise<DealPage> {
    await this.transitions.expireDue(creatorId);
    return this.deals.list({
      creatorId,
      states: VIEW_STATES[request.view],
      campaign: request.campaign,
      brand: request.brand,
      q: request.q,
      sort: request.sort,
      page: request.page,
      pageSize: request.pageSize,
    });
  }
}

/** A contract as shown: its HTML, version, template version and (once sent) its PDF's hash. */
export interface ContractView {
  readonly version: number;
  readonly templateVersion: string;
  readonly html: string;
  /** Null for a draft's preview: nothing was fixed or hashed yet. */
  readonly sha256: string | null;
  readonly preview: boolean;
  readonly signed: boolean;
}

@Injectable()
export class GetDealContract {
  constructor(
    private readonly getDeal: GetDeal,
    private readonly documents: ContractDocuments,
    private readonly publisher: ContractPublisher,
    private readonly clock: Clock,
  ) {}

  /** The deal's current contract: the stored one once sent; a preview while it is a draft. */
  async execute(creator: Creator, dealId: string): Promise<ContractView> {
    const deal = await this.getDeal.execute(creator.id, dealId);
    const stored = await this.stored(deal);
    if (stored) {
      return {
        version: deal.version,
        templateVersion: currentContract(deal)?.templateVersion ?? CONTRACT_TEMPLATE_VERSION,
        html: stored.html,
        sha256: stored.sha256,
        preview: false,
        signed: false,
      };
    }
    const document = this.publisher.documentOf(deal, creator, this.clock.now());
    return {
      version: deal.version,
      templateVersion: CONTRACT_TEMPLATE_VERSION,
      html: contractHtml(document),
      sha256: null,
      preview: true,
      signed: false,
    };
  }

  /** The PDF: the signed copy once accepted, the sent one, or a draft's preview (not stored). */
  async pdf(creator: Creator, dealId: string): Promise<{ pdf: Uint8Array; filename: string }> {
    const deal = await this.getDeal.execute(creator.id, dealId);
    const signed = await this.documents.find(deal.id, deal.version, 'signed');
    const stored = signed ?? (await this.stored(deal));
    const name = `paylock-contract-${deal.id}-v${String(deal.version)}${signed ? '-signed' : ''}.pdf`;
    if (stored) return { pdf: stored.pdf, filename: name };
    const rendered = await this.publisher.render(
      this.publisher.documentOf(deal, creator, this.clock.now()),
    );
    return {
      pdf: rendered.pdf,
      filename: `paylock-contract-${deal.id}-v${String(deal.version)}-draft.pdf`,
    };
  }

  private async stored(deal: Deal) {
    if (!currentContract(deal)) return undefined;
    return this.documents.find(deal.id, deal.version, 'contract');
  }
}

/** How many deals a set holds, how many are under contract, and what those are worth. */
export interface DealTotals {
  readonly dealCount: number;
  readonly activeCount: number;
  readonly totalUnderContractPaise: number;
}

function totalsOf(deals: readonly DealSummary[]): DealTotals {
  const active = deals.filter((deal) => inStates(deal, UNDER_CONTRACT_STATES));
  return {
    dealCount: deals.length,
    activeCount: active.length,
    totalUnderContractPaise: active.reduce((sum, deal) => sum + deal.totalPaise, 0),
  };
}

const lastActivityOf = (deals: readonly DealSummary[]): Date =>
  new Date(Math.max(...deals.map((deal) => deal.updatedAt.getTime())));

export interface Overview extends DealTotals {
  readonly needsAction: readonly DealSummary[];
  readonly needsActionCount: number;
  readonly awaitingBrand: readonly DealSummary[];
  readonly awaitingBrandCount: number;
}

const OVERVIEW_ITEMS = 5;
const byUpdatedDesc = (a: DealSummary, b: DealSummary) =>
  b.updatedAt.getTime() - a.updatedAt.getTime();

export const COLLABORATION_VIEWS = ['all', 'active', 'proposals', 'archive'] as const;
export type CollaborationView = (typeof COLLABORATION_VIEWS)[number];
export const CAMPAIGN_VIEWS = ['all', 'running', 'draft', 'completed'] as const;
export type CampaignView = (typeof CAMPAIGN_VIEWS)[number];

export interface Collaboration extends DealTotals {
  readonly brand: string;
  readonly proposalCount: number;
  readonly lastActivityAt: Date;
}

export interface Campaign extends DealTotals {
  readonly name: string;
  readonly brands: readonly string[];
  readonly draftCount: number;
  readonly completedCount: number;
  readonly totalPaise: number;
  /** Share of the campaign's deals that are completed, 0–100. */
  readonly progressPercent: number;
  readonly status: 'running' | 'draft' | 'completed' | 'other';
  readonly lastActivityAt: Date;
}

export interface Paged<T> {
  readonly items: readonly T[];
  readonly total: number;
}

const inStates = (summary: DealSummary, states: readonly DealState[]) =>
  states.includes(summary.state);

function paged<T>(items: readonly T[], page: number, pageSize: number): Paged<T> {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length };
}

/** The dashboards: computed from one projection of the creator's deals. */
@Injectable()
export class DealDashboards {
  constructor(
    private readonly deals: DealRepository,
    private readonly transitions: DealTransitions,
  ) {}

  async overview(creatorId: string): Promise<Overview> {
    const all = await this.summaries(creatorId);
    const needsAction = all
      .filter((deal) => inStates(deal, ['draft', 'changes_requested']))
      .sort(byUpdatedDesc);
    const awaitingBrand = all.filter((deal) => deal.state === 'sent').sort(byUpdatedDesc);
    return {
      needsAction: needsAction.slice(0, OVERVIEW_ITEMS),
      needsActionCount: needsAction.length,
      awaitingBrand: awaitingBrand.slice(0, OVERVIEW_ITEMS),
      awaitingBrandCount: awaitingBrand.length,
      ...totalsOf(all),
    };
  }

  async collaborations(
    creatorId: string,
    view: CollaborationView,
    page: number,
    pageSize: number,
  ): Promise<Paged<Collaboration>> {
    const groups = new Map<string, DealSummary[]>();
    for (const deal of await this.summaries(creatorId)) {
      const key = deal.brandCompany.toLowerCase();
      groups.set(key, [...(groups.get(key) ?? []), deal]);
    }
    const collaborations = [...groups.values()].map((deals): Collaboration => ({
      brand: deals[0]?.brandCompany ?? '',
      ...totalsOf(deals),
      proposalCount: deals.filter((deal) => inStates(deal, VIEW_STATES.proposals)).length,
      lastActivityAt: lastActivityOf(deals),
    }));
    const archived = (c: Collaboration, deals: readonly DealSummary[]) =>
      deals.every((deal) => inStates(deal, VIEW_STATES.archive)) && c.dealCount > 0;
    const selected = collaborations.filter((collaboration) => {
      const deals = groups.get(collaboration.brand.toLowerCase()) ?? [];
      if (view === 'active') return collaboration.activeCount > 0;
      if (view === 'proposals') return collaboration.proposalCount > 0;
      if (view === 'archive') return archived(collaboration, deals);
      return true;
    });
    selected.sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime());
    return paged(selected, page, pageSize);
  }

  async campaigns(
    creatorId: string,
    view: CampaignView,
    page: number,
    pageSize: number,
  ): Promise<Paged<Campaign>> {
    const groups = new Map<string, DealSummary[]>();
    for (const deal of await this.summaries(creatorId)) {
      if (deal.campaign === null) continue;
      groups.set(deal.campaign, [...(groups.get(deal.campaign) ?? []), deal]);
    }
    const campaigns = [...groups.entries()].map(([name, deals]): Campaign => {
      const count = (states: readonly DealState[]) =>
        deals.filter((deal) => inStates(deal, states)).length;
      const totals = totalsOf(deals);
      const draftCount = count(['draft', 'changes_requested']);
      const completedCount = count(['completed']);
      const status =
        totals.activeCount > 0
          ? 'running'
          : draftCount === deals.length
            ? 'draft'
            : completedCount > 0 &&
                count(['completed', 'declined', 'expired', 'cancelled']) === deals.length
              ? 'completed'
              : 'other';
      return {
        name,
        brands: [...new Set(deals.map((deal) => deal.brandCompany))].sort(),
        ...totals,
        draftCount,
        completedCount,
        totalPaise: deals.reduce((sum, deal) => sum + deal.totalPaise, 0),
        progressPercent: Math.round((completedCount / deals.length) * 100),
        status,
        lastActivityAt: lastActivityOf(deals),
      };
    });
    const selected = campaigns.filter((campaign) => view === 'all' || campaign.status === view);
    selected.sort((a, b) => b.lastActivityAt.getTime() - a.lastActivityAt.getTime());
    return paged(selected, page, pageSize);
  }

  private async summaries(creatorId: string): Promise<DealSummary[]> {
    await this.transitions.expireDue(creatorId);
    return this.deals.summaries(creatorId);
  }
}

export interface ContractTemplateView {
  readonly version: string;
  readonly text: string;
}

@Injectable()
export class GetContractTemplate {
  execute(): ContractTemplateView {
    return { version: CONTRACT_TEMPLATE_VERSION, text: contractTemplateText() };
  }
}
