import { Injectable } from '@nestjs/common';
import { type Deal, DealReads } from '../../deals/deals.contract.js';
import { type Account, isBrandAccount } from '../../users/users.contract.js';

/** The deals a person is a party of: a creator's own, or those a brand workspace accepted. */
@Injectable()
export class PartyDeals {
  constructor(private readonly deals: DealReads) {}

  async of(account: Account): Promise<Deal[]> {
    if (isBrandAccount(account)) return this.deals.boundToBrandAccount(account.id);
    const summaries = await this.deals.summaries(account.id);
    const deals = await Promise.all(
      summaries.map((summary) => this.deals.findOwned(summary.id, account.id)),
    );
    return deals.filter((deal): deal is Deal => deal !== undefined);
  }
}
