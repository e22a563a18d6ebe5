import { Injectable } from '@nestjs/common';
import { InsightsErasure } from '../application/ports/insights-erasure.js';
import { BRAND_INSIGHTS, CREATOR_INSIGHTS } from './insights-read-model.js';
import { MongoInsights } from './mongo-insights.js';

/** Drops the account's own insights model (its head and blocks). */
@Injectable()
export class MongoInsightsErasure extends InsightsErasure {
  constructor(private readonly insights: MongoInsights) {
    super();
  }

  async eraseOf(party: 'creator' | 'brand', accountId: string): Promise<void> {
    const model = party === 'creator' ? CREATOR_INSIGHTS : BRAND_INSIGHTS;
    await this.insights.model.drop({ model, owner: accountId });
  }
}
