import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { type Deal, DealReads } from '../../deals/deals.contract.js';
import { MoneyDeals } from '../application/ports/money-deals.js';

const DEALS_COLLECTION = 'deals';
const MAX_DISPUTED_DEALS = 1_000;

/**
 * Finds deals by their milestones' money across creators, then reads each through the deals'
 * repository (which finishes any half-written claim), so the money sees deals as the deals do.
 */
@Injectable()
export class MongoMoneyDeals extends MoneyDeals {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly deals: DealReads,
  ) {
    super();
  }

  private async read(ids: readonly string[]): Promise<Deal[]> {
    const found: Deal[] = [];
    for (const id of ids) {
      const deal = await this.deals.findById(id);
      if (deal) found.push(deal);
    }
    return found;
  }

  async withDisputes(): Promise<Deal[]> {
    const ids = await this.connection
      .collection<{ _id: string }>(DEALS_COLLECTION)
      .find({ 'milestones.dispute.id': { $exists: true } }, { projection: { _id: 1 } })
      .sort({ updatedAt: -1 })
      .limit(MAX_DISPUTED_DEALS)
      .toArray();
    return this.read(ids.map(({ _id }) => _id));
  }

  async funded(afterId: string | null, limit: number): Promise<Deal[]> {
    const ids = await this.connection
      .collection<{ _id: string }>(DEALS_COLLECTION)
      .find(
        {
          'milestones.funding.paymentId': { $exists: true },
          ...(afterId !== null && { _id: { $gt: afterId } }),
        },
        { projection: { _id: 1 } },
      )
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return this.read(ids.map(({ _id }) => _id));
  }
}
