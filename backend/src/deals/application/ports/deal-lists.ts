import type { DealState, DealView } from '../../domain/deal.js';
import type { BrandContact } from './deal.repository.js';

/** One line of a deals list, as the read model keeps it ready. */
export interface DealListRow {
  readonly id: string;
  readonly title: string;
  readonly state: DealState;
  readonly campaign: string | null;
  readonly brandCompany: string;
  readonly totalPaise: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly sentAt: Date | null;
  readonly linkExpiresAt: Date | null;
  /** The creator's name as they signed the contract they sent ('' before). */
  readonly creatorName: string;
  readonly milestoneCount: number;
  /** Who accepted the deal: an e-mailed link, or a brand account; null before acceptance. */
  readonly bound:
    | { readonly channel: 'email' }
    | { readonly channel: 'account'; readonly brandId: string }
    | null;
}

/** Where a page starts: a page number, or an opaque cursor a previous page gave. */
export type ListPosition =
  | { readonly page: number; readonly pageSize: number }
  | { readonly cursor: string; readonly pageSize: number };

export interface KeyedDealPage {
  readonly rows: readonly DealListRow[];
  readonly total: number;
  /** The next page's cursor; null on the last page. */
  readonly nextCursor: string | null;
}

/** A brand's or a campaign's figures over the creator's deals, from the counters. */
export interface DealGroupFigures {
  readonly name: string;
  readonly byState: Readonly<Partial<Record<DealState, number>>>;
  readonly paiseByState: Readonly<Partial<Record<DealState, number>>>;
  readonly brands: readonly string[];
  readonly lastActivityAt: Date;
}

export interface CreatorDealCounts {
  readonly byState: Readonly<Record<DealState, number>>;
  /** Sent deals whose review link runs out at or before `now`. */
  readonly expiredLinks: readonly string[];
  readonly collaborations: readonly DealGroupFigures[];
  readonly campaigns: readonly DealGroupFigures[];
}

/**
 * The deals lists kept ready (issue #38): the creator's views (newest first) and counters, and
 * the deals sent to a brand, each read in a few keyed reads whatever the number of deals. Kept by
 * a follower of the deals' changes; `settle` applies the changes written so far (read-your-writes
 * in one process; elsewhere the follower catches up within seconds).
 */
export abstract class DealLists {
  /** A forged or foreign cursor throws InvalidPageCursorError. */
  abstract creatorPage(
    creatorId: string,
    view: DealView,
    position: ListPosition,
  ): Promise<KeyedDealPage>;
  abstract counts(creatorId: string, now: Date): Promise<CreatorDealCounts>;
  abstract sentToBrand(contact: BrandContact, limit: number): Promise<DealListRow[]>;
  /** The overview's short lists, most recently updated first: at most `limit` rows. */
  abstract recentlyUpdated(
    creatorId: string,
    kind: 'needs-action' | 'awaiting-brand',
    limit: number,
  ): Promise<DealListRow[]>;
  abstract settle(): Promise<void>;
}
