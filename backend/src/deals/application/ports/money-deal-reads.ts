import type { Deal } from '../../domain/deal.js';

/** Deals found by their milestones' money across creators (the admin's disputes, reconciliation). */
export abstract class MoneyDealReads {
  /** Deals with at least one milestone in a dispute (open or decided), newest first, `limit` at most. */
  abstract withDisputes(limit: number): Promise<Deal[]>;
  /** Deals with at least one milestone that was funded, `limit` after `afterId` (id order). */
  abstract funded(afterId: string | null, limit: number): Promise<Deal[]>;
}
