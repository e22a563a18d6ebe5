import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { InsightsQueries } from './application/insights.use-case.js';
import { InsightsFacts } from './application/ports/insights-facts.js';
import { InsightsWorker, MongoInsights } from './infrastructure/mongo-insights.js';
import { BrandInsightsController, InsightsController } from './presentation/insights.controller.js';

/**
 * Analytics and insights (#40): a follower of the deals' history keeps each creator's and each
 * brand workspace's deal facts (read model, #38); the figures and sentences are computed from them.
 */
@Module({
  imports: [AuthModule],
  controllers: [InsightsController, BrandInsightsController],
  providers: [
    InsightsQueries,
    MongoInsights,
    InsightsWorker,
    { provide: InsightsFacts, useExisting: MongoInsights },
  ],
  exports: [InsightsWorker, MongoInsights],
})
export class InsightsModule {}
