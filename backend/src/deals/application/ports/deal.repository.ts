import type { Deal, DealSort, DealState } from '../../domain/deal.js';
import { DealMoves } from './deal-reads.js';

export type { DealSummary } from './deal-reads.js';

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
 * Where deals live (reading and the claim-once write: DealReads, DealMoves, the narrow faces other
 * features get). Every change is claim-once: `claim` writes the next deal only if the stored
 * one still has the state and revision it was read with, so of two racing changes exactly one
 * wins and the other learns it lost.
 */
export abstract class DealRepository extends DealMoves {
  abstract nextId(): string;
  abstract insert(deal: Deal): Promise<void>;
  abstract list(query: DealListQuery): Promise<DealPage>;
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
