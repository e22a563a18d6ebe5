import { DealsModule } from '../deals/index.js';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/index.js';
import { InsightsQueries } from './application/insights.use-case.js';
import { InsightsErasure } from './application/ports/insights-erasure.js';
import { InsightsFacts } from './application/ports/insights-facts.js';
import {
  InsightsCursorRecord,
  InsightsCursorSchema,
} from './infrastructure/deal-history-follower.js';
import { MongoInsightsErasure } from './infrastructure/mongo-insights-erasure.js';
import { InsightsWorker, MongoInsights } from './infrastructure/mongo-insights.js';
import { BrandInsightsController, InsightsController } from './presentation/insights.controller.js';

/**
 * Analytics and insights (#40): a follower of the deals' history keeps each creator's and each
 * brand workspace's deal facts (read model, #38); the figures and sentences are computed from them.
 */
@Module({
  imports: [
    AuthModule,
    DealsModule,
    MongooseModule.forFeature([{ name: InsightsCursorRecord.name, schema: InsightsCursorSchema }]),
  ],
  controllers: [InsightsController, BrandInsightsController],
  providers: [
    InsightsQueries,
    MongoInsights,
    InsightsWorker,
    { provide: InsightsFacts, useExisting: MongoInsights },
    { provide: InsightsErasure, useClass: MongoInsightsErasure },
  ],
  exports: [InsightsWorker, MongoInsights, InsightsErasure],
})
export class InsightsModule {}
