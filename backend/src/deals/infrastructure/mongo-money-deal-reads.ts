import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import { DealRepository } from '../application/ports/deal.repository.js';
import { MoneyDealReads } from '../application/ports/money-deal-reads.js';
import type { Deal } from '../domain/deal.js';
import { DealRecord } from './deal-document.js';

/**
 * Finds the deals' ids by their milestones' money, then reads each through the repository (which
 * finishes any half-written claim), so the money sees deals as the deals do.
 */
@Injectable()
export class MongoMoneyDealReads extends MoneyDealReads {
  constructor(
    @InjectModel(DealRecord.name) private readonly records: Model<DealRecord>,
    private readonly deals: DealRepository,
  ) {
    super();
  }

  async withDisputes(limit: number): Promise<Deal[]> {
    const ids = await this.records
      .find({ 'milestones.dispute.id': { $exists: true } }, { _id: 1 })
      .sort({ updatedAt: -1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return this.read(ids);
  }

  async funded(afterId: string | null, limit: number): Promise<Deal[]> {
    const filter: QueryFilter<DealRecord> = {
      'milestones.funding.paymentId': { $exists: true },
      ...(afterId !== null && { _id: { $gt: afterId } }),
    };
    const ids = await this.records
      .find(filter, { _id: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return this.read(ids);
  }

  private async read(ids: readonly { _id: string }[]): Promise<Deal[]> {
    const found: Deal[] = [];
    for (const { _id } of ids) {
      const deal = await this.deals.findById(_id);
      if (deal) found.push(deal);
    }
    return found;
  }
}
