import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { boundPartyOf, currentContract, type Deal, type DealState } from '../domain/deal.js';
import { DealNotFoundError, NotTheDealsBrandError } from '../domain/deal.errors.js';
import { BrandMoneyLinks, WORKSPACE_LINK_MINUTES } from './brand-money-links.js';
import { DealTransitions } from './creator-deals.use-case.js';
import { type BrandContact, DealRepository } from './ports/deal.repository.js';
import { type DealListRow, DealLists } from './ports/deal-lists.js';

/** The signed-in brand account, as its deals see it: its id and how deals reach it. */
export interface WorkspaceBrand {
  readonly id: string;
  readonly contact: BrandContact;
}

/** The most deals the brand workspace lists at once (newest sent first). */
export const BRAND_DEALS_LIMIT = 100;
/** How long a review link minted from the workspace opens the deal (it is used at once). */
export const WORKSPACE_REVIEW_LINK_MINUTES = WORKSPACE_LINK_MINUTES;
const MINUTE_MS = 60_000;

/** One line of the brand workspace's list. */
export interface BrandDealLine {
  readonly id: string;
  readonly title: string;
  readonly state: DealState;
  readonly campaign: string | null;
  /** The creator's name as they signed the contract they sent. */
  readonly creatorName: string;
  readonly totalPaise: number;
  readonly milestoneCount: number;
  readonly sentAt: Date;
  readonly updatedAt: Date;
  readonly linkExpiresAt: Date | null;
  /**
   * Who accepted the deal (and so acts on its money): this workspace, an e-mailed link (this
   * workspace may ask to claim it), or another workspace; null before acceptance.
   */
  readonly acceptedBy: AcceptedBy | null;
}

export type AcceptedBy = 'this-workspace' | 'email' | 'another-workspace';

/** A fresh review link for one deal: the token the review page takes, and when it stops working. */
export interface WorkspaceReviewLink {
  readonly token: string;
  readonly expiresAt: Date;
}

/** The brand's number, as deals hold it: "+919876543210" → "9876543210". */
export function mobileOf(e164: string): string {
  return e164.startsWith('+91') ? e164.slice(3) : e164;
}

function acceptedByOf(deal: Deal, brandId: string): AcceptedBy | null {
  const party = boundPartyOf(deal);
  if (!party) return null;
  if (party.channel === 'email') return 'email';
  return party.brandId === brandId ? 'this-workspace' : 'another-workspace';
}

function lineOf(deal: Deal, brandId: string): BrandDealLine {
  return {
    id: deal.id,
    title: deal.title,
    state: deal.state,
    campaign: deal.campaign,
    creatorName: currentContract(deal)?.creatorAcceptance.fullName ?? '',
    totalPaise: deal.totalPaise,
    milestoneCount: deal.milestones.length,
    sentAt: deal.sentAt ?? deal.createdAt,
    updatedAt: deal.updatedAt,
    linkExpiresAt: deal.linkExpiresAt,
    acceptedBy: acceptedByOf(deal, brandId),
  };
}

function lineOfRow(row: DealListRow, brandId: string): BrandDealLine {
  const acceptedBy: AcceptedBy | null = !row.bound
    ? null
    : row.bound.channel === 'email'
      ? 'email'
      : row.bound.brandId === brandId
        ? 'this-workspace'
        : 'another-workspace';
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    campaign: row.campaign,
    creatorName: row.creatorName,
    totalPaise: row.totalPaise,
    milestoneCount: row.milestoneCount,
    sentAt: row.sentAt ?? row.createdAt,
    updatedAt: row.updatedAt,
    linkExpiresAt: row.linkExpiresAt,
    acceptedBy,
  };
}

/**
 * The signed-in brand's side of deals (#25): the deals creators sent to its verified number (and
 * confirmed e-mail address, once brand accounts have one), and a fresh review link for one of
 * them, so that every brand action runs through the one review surface the e-mailed link opens.
 * Another brand's deal, and a creator's unsent draft, are not found (404).
 */
@Injectable()
export class BrandDeals {
  constructor(
    private readonly deals: DealRepository,
    private readonly lists: DealLists,
    private readonly transitions: DealTransitions,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly clock: Clock,
  ) {}

  /** From the read model's brand lists (keyed reads, issue #38); a due link expires on the way. */
  async list(brand: WorkspaceBrand): Promise<BrandDealLine[]> {
    const found = await this.lists.sentToBrand(brand.contact, BRAND_DEALS_LIMIT);
    const now = this.clock.now();
    const lines: BrandDealLine[] = [];
    for (const row of found) {
      const due = row.state === 'sent' && row.linkExpiresAt !== null && row.linkExpiresAt <= now;
      const stored = due ? await this.deals.findById(row.id) : undefined;
      lines.push(
        stored
          ? lineOf(await this.transitions.expireIfDue(stored), brand.id)
          : lineOfRow(row, brand.id),
      );
    }
    return lines;
  }

  /**
   * A new single-purpose token for the deal's current version, minted for this brand account
   * (channel `account`), valid for an hour. Before acceptance it is a review link (never past the
   * deal's own link expiry); once the deal is accepted it is a money link, minted only for the
   * account the deal is bound to: for a deal accepted by e-mail, NOT_THE_DEALS_BRAND (claim it
   * through the accepting address first).
   */
  async reviewLink(brand: WorkspaceBrand, dealId: string): Promise<WorkspaceReviewLink> {
    const deal = await this.deals.findSentToBrand(dealId, brand.contact);
    if (!deal) throw new DealNotFoundError();
    const party = boundPartyOf(deal);
    if (party && !(party.channel === 'account' && party.brandId === brand.id)) {
      throw new NotTheDealsBrandError();
    }
    const now = this.clock.now();
    const hourAhead = new Date(now.getTime() + WORKSPACE_REVIEW_LINK_MINUTES * MINUTE_MS);
    const lifetime =
      deal.state === 'sent' && deal.linkExpiresAt !== null && deal.linkExpiresAt < hourAhead
        ? deal.linkExpiresAt.getTime() - now.getTime()
        : WORKSPACE_REVIEW_LINK_MINUTES * MINUTE_MS;
    return this.moneyLinks.issue(deal, { channel: 'account', brandId: brand.id }, lifetime);
  }
}
