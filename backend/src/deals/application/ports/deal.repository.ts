import type { Deal, DealSort, DealState } from '../../domain/deal.js';

export interface DealListQuery {
  readonly creatorId: string;
  readonly states: readonly DealState[];
  readonly campaign?: string | undefined;
  readonly brand?: string | undefined;
  /** Plain text searched in titles, brand names and campaigns (case-insensitive). */
  readonly q?: string | undefined;
  readonly sort: DealSort;
  readonly page: number;
  readonly pageSize: number;
}

export interface DealPage {
  readonly items: readonly Deal[];
  readonly total: number;
}

/** What the dashboards group: one line per deal, without the history and contracts. */
export interface DealSummary {
  readonly id: string;
  readonly title: string;
  readonly state: DealState;
  readonly campaign: string | null;
  readonly brandCompany: string;
  readonly totalPaise: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly linkExpiresAt: Date | null;
  /** Each milestone's id and name (the wallet names the milestone of a ledger line). */
  readonly milestones: readonly { readonly id: string; readonly name: string }[];
}

/**
 * Who a brand is to the deals sent to it: its verified mobile number (ten digits, as the deal's
 * `brand.contactMobile` holds it) and, once brand accounts have one, a confirmed e-mail address.
 */
export interface BrandContact {
  readonly mobile: string;
  /** Normalised as deals store `brand.contactEmail`; only an address the brand confirmed. */
  readonly email?: string | undefined;
}

/**
 * Where deals live. Every change is claim-once: `claim` writes the next deal only if the stored
 * one still has the state and revision it was read with, so of two racing changes exactly one
 * wins and the other learns it lost.
 */
export abstract class DealRepository {
  abstract nextId(): string;
  abstract insert(deal: Deal): Promise<void>;
  abstract findById(id: string): Promise<Deal | undefined>;
  /** The deal, if `creatorId` owns it. */
  abstract findOwned(id: string, creatorId: string): Promise<Deal | undefined>;
  /** Replaces the deal with `next` iff it is still in `expected` state and revision. */
  abstract claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean>;
  abstract list(query: DealListQuery): Promise<DealPage>;
  abstract summaries(creatorId: string): Promise<DealSummary[]>;
  /**
   * The deals creators sent to this brand (every state but `draft`: a draft is the creator's
   * unsent work, a revision included), newest sent first, at most `limit`; without their history
   * (empty), as `list` gives them.
   */
  abstract sentToBrand(contact: BrandContact, limit: number): Promise<Deal[]>;
  /** One deal sent to this brand (as `sentToBrand` finds them); undefined for any other. */
  abstract findSentToBrand(id: string, contact: BrandContact): Promise<Deal | undefined>;
  /** Whether any creator ever sent a deal to this mobile number (ten digits). */
  abstract anySentToMobile(mobile: string): Promise<boolean>;
  /** The creator's `sent` deals whose link ran out at `now` (to expire them, claim-once). */
  abstract dueForExpiry(creatorId: string | undefined, now: Date, limit: number): Promise<Deal[]>;
}
