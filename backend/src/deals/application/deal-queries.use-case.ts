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
  DEAL_STATES,
  type DealState,
  type DealView,
  UNDER_CONTRACT_STATES,
  VIEW_STATES,
} from '../domain/deal.js';
import { ContractPublisher } from './contract-publisher.js';
import { type Creator, DealTransitions, GetDeal } from './creator-deals.use-case.js';
import { ContractDocuments } from './ports/contract-documents.js';
import { type DealListQuery, DealRepository, type DealSummary } from './ports/deal.repository.js';
import {
  type CreatorDealCounts,
  type DealGroupFigures,
  type DealListRow,
  DealLists,
} from './ports/deal-lists.js';
import { InvalidPageCursorError } from '../domain/page-cursor.errors.js';

/** A creator's list: the repository's query with a view in place of its owner and states. */
export interface DealListRequest extends Omit<DealListQuery, 'creatorId' | 'states'> {
  readonly view: DealView;
  /** Opaque: where the previous page of the same view ended (newest first, unfiltered). */
  readonly cursor?: string | undefined;
}

export interface DealListPage {
  readonly items: readonly DealSummary[];
  readonly total: number;
  /** The next page's cursor (newest first, unfiltered views); null otherwise or at the end. */
  readonly nextCursor: string | null;
}

const summaryOfRow = (row: DealListRow): DealSummary => ({ ...row, milestones: [] });
const summaryOfDeal = (deal: Deal): DealSummary => ({
  ...deal,
  brandCompany: deal.brand.companyName,
});

/** Whether the read model serves the request: the default order, no campaign, brand or text. */
const isKeyed = (request: DealListRequest) =>
  request.sort === 'newest' &&
  request.campaign === undefined &&
  request.brand === undefined &&
  (request.q === undefined || request.q === '');

/**
 * Expires the creator's sent deals whose link ran out, found in the read model's counters (a
 * point read) rather than by a query over every deal; before the creator's lists are read.
 */
@Injectable()
export class ExpireDueFromCounters {
  constructor(
    private readonly deals: DealRepository,
    private readonly lists: DealLists,
    private readonly transitions: DealTransitions,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string): Promise<CreatorDealCounts> {
    const counts = await this.lists.counts(creatorId, this.clock.now());
    if (counts.expiredLinks.length === 0) return counts;
    for (const id of counts.expiredLinks) {
      const deal = await this.deals.findOwned(id, creatorId);
      if (deal) await this.transitions.expireIfDue(deal);
    }
    await this.lists.settle();
    return this.lists.counts(creatorId, this.clock.now());
  }
}

@Injectable()
export class ListDeals {
  constructor(
    private readonly deals: DealRepository,
    private readonly lists: DealLists,
    private readonly transitions: DealTransitions,
    private readonly expiry: ExpireDueFromCounters,
  ) {}

  async execute(creatorId: string, request: DealListRequest): Promise<DealListPage> {
    if (isKeyed(request)) {
      await this.expiry.execute(creatorId);
      const { pageSize } = request;
      const page = await this.lists.creatorPage(
        creatorId,
        request.view,
        request.cursor !== undefined
          ? { cursor: request.cursor, pageSize }
          : { page: request.page, pageSize },
      );
      return { items: page.rows.map(summaryOfRow), total: page.total, nextCursor: page.nextCursor };
    }
    // Cursors page the default order only; filters and other orders are the query below.
    if (request.cursor !== undefined) throw new InvalidPageCursorError();
    await this.transitions.expireDue(creatorId);
    const page = await this.deals.list({
      creatorId,
      states: VIEW_STATES[request.view],
      campaign: request.campaign,
      brand: request.brand,
      q: request.q,
      sort: request.sort,
      page: request.page,
      pageSize: request.pageSize,
    });
    return { items: page.items.map(summaryOfDeal), total: page.total, nextCursor: null };
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

export interface Overview extends DealTotals {
  readonly needsAction: readonly DealSummary[];
  readonly needsActionCount: number;
  readonly awaitingBrand: readonly DealSummary[];
  readonly awaitingBrandCount: number;
}

const OVERVIEW_ITEMS = 5;

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

function paged<T>(items: readonly T[], page: number, pageSize: number): Paged<T> {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length };
}

const sum = (counts: Readonly<Partial<Record<DealState, number>>>, states: readonly DealState[]) =>
  states.reduce((total, state) => total + (counts[state] ?? 0), 0);

function totalsOfGroup(group: DealGroupFigures): DealTotals {
  return {
    dealCount: sum(group.byState, DEAL_STATES),
    activeCount: sum(group.byState, UNDER_CONTRACT_STATES),
    totalUnderContractPaise: sum(group.paiseByState, UNDER_CONTRACT_STATES),
  };
}

function collaborationOf(group: DealGroupFigures): Collaboration {
  return {
    brand: group.name,
    ...totalsOfGroup(group),
    proposalCount: sum(group.byState, VIEW_STATES.proposals),
    lastActivityAt: group.lastActivityAt,
  };
}

function campaignOf(group: DealGroupFigures): Campaign {
  const count = (states: readonly DealState[]) => sum(group.byState, states);
  const totals = totalsOfGroup(group);
  const draftCount = count(['draft', 'changes_requested']);
  const completedCount = count(['completed']);
  const status =
    totals.activeCount > 0
      ? 'running'
      : draftCount === totals.dealCount
        ? 'draft'
        : completedCount > 0 &&
            count(['completed', 'declined', 'expired', 'cancelled']) === totals.dealCount
          ? 'completed'
          : 'other';
  return {
    name: group.name,
    brands: group.brands,
    ...totals,
    draftCount,
    completedCount,
    totalPaise: sum(group.paiseByState, DEAL_STATES),
    progressPercent: Math.round((completedCount / totals.dealCount) * 100),
    status,
    lastActivityAt: group.lastActivityAt,
  };
}

const byLastActivity = (a: { lastActivityAt: Date }, b: { lastActivityAt: Date }) =>
  b.lastActivityAt.getTime() - a.lastActivityAt.getTime();

/**
 * The dashboards, from the read model's per-creator summary: the creator's counters (one keyed
 * read: counts per state, each brand's and campaign's figures, kept by the lists' follower) and,
 * for the overview, the first rows of its two short lists. They cost the creator's number of
 * brands and campaigns and five rows, not the number of deals.
 */
@Injectable()
export class DealDashboards {
  constructor(
    private readonly lists: DealLists,
    private readonly expiry: ExpireDueFromCounters,
  ) {}

  async overview(creatorId: string): Promise<Overview> {
    const counts = await this.expiry.execute(creatorId);
    const [needsAction, awaitingBrand] = await Promise.all([
      this.lists.recentlyUpdated(creatorId, 'needs-action', OVERVIEW_ITEMS),
      this.lists.recentlyUpdated(creatorId, 'awaiting-brand', OVERVIEW_ITEMS),
    ]);
    return {
      needsAction: needsAction.map(summaryOfRow),
      needsActionCount: sum(counts.byState, ['draft', 'changes_requested']),
      awaitingBrand: awaitingBrand.map(summaryOfRow),
      awaitingBrandCount: sum(counts.byState, ['sent']),
      dealCount: sum(counts.byState, DEAL_STATES),
      activeCount: sum(counts.byState, UNDER_CONTRACT_STATES),
      totalUnderContractPaise: counts.collaborations.reduce(
        (total, group) => total + sum(group.paiseByState, UNDER_CONTRACT_STATES),
        0,
      ),
    };
  }

  async collaborations(
    creatorId: string,
    view: CollaborationView,
    page: number,
    pageSize: number,
  ): Promise<Paged<Collaboration>> {
    const counts = await this.expiry.execute(creatorId);
    const selected = counts.collaborations
      .filter((group) => {
        const collaboration = collaborationOf(group);
        if (view === 'active') return collaboration.activeCount > 0;
        if (view === 'proposals') return collaboration.proposalCount > 0;
        if (view === 'archive') {
          return (
            collaboration.dealCount > 0 &&
            sum(group.byState, VIEW_STATES.archive) === collaboration.dealCount
          );
        }
        return true;
      })
      .map(collaborationOf);
    selected.sort(byLastActivity);
    return paged(selected, page, pageSize);
  }

  async campaigns(
    creatorId: string,
    view: CampaignView,
    page: number,
    pageSize: number,
  ): Promise<Paged<Campaign>> {
    const counts = await this.expiry.execute(creatorId);
    const selected = counts.campaigns
      .map(campaignOf)
      .filter((campaign) => view === 'all' || campaign.status === view);
    selected.sort(byLastActivity);
    return paged(selected, page, pageSize);
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
