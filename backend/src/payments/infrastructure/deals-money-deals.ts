import { Injectable } from '@nestjs/common';
import { type Deal, MoneyDealReads } from '../../deals/deals.contract.js';
import { MoneyDeals } from '../application/ports/money-deals.js';

const MAX_DISPUTED_DEALS = 1_000;

/** The money's deals as the deals module finds them by their milestones' money. */
@Injectable()
export class DealsMoneyDeals extends MoneyDeals {
  constructor(private readonly deals: MoneyDealReads) {
    super();
  }

  withDisputes(): Promise<Deal[]> {
    return this.deals.withDisputes(MAX_DISPUTED_DEALS);
  }

  funded(afterId: string | null, limit: number): Promise<Deal[]> {
    return this.deals.funded(afterId, limit);
  }
}
