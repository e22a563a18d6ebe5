import type { Deal } from '../../../deals/deals.contract.js';

/** Deals as the money reads them across creators (the admin's disputes, the reconciliation). */
export abstract class MoneyDeals {
  /** Deals with at least one milestone in a dispute (open or decided), newest dispute first. */
  abstract withDisputes(): Promise<Deal[]>;
  /** Deals with at least one milestone that was funded, `limit` after `afterId` (id order). */
  abstract funded(afterId: string | null, limit: number): Promise<Deal[]>;
}
