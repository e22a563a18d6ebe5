import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { databaseOf } from '../../database/declared-model.js';
import { ReadModelStore } from '../../database/read-models/index.js';
import { DealWriteLog } from '../../deals/deals.contract.js';
import { InsightsFacts } from '../application/ports/insights-facts.js';
import type { MonthFigures, MonthMoves } from '../domain/aggregate-figures.js';
import type { OpenMilestone } from '../domain/open-milestones.js';
import type { DealFacts } from '../domain/deal-facts.js';
import type { TrackRecord } from '../domain/track-record.js';
import { DealHistoryFollower, InsightsCursorRecord } from './deal-history-follower.js';
import { BRAND_INSIGHTS, InsightsReadModel } from './insights-read-model.js';

/** How often every instance follows the deals' history into the insights' read model. */
export const INSIGHTS_FOLLOW_MS = 1_000;

/** The insights' read model on the app's connection, and its follower. */
@Injectable()
export class MongoInsights extends InsightsFacts {
  readonly model: InsightsReadModel;
  readonly history: DealHistoryFollower;

  constructor(
    @InjectConnection() connection: Connection,
    @InjectModel(InsightsCursorRecord.name) cursors: Model<InsightsCursorRecord>,
    log: DealWriteLog,
  ) {
    super();
    this.model = new InsightsReadModel(new ReadModelStore(databaseOf(connection)));
    this.history = new DealHistoryFollower(cursors, log, this.model);
  }

  monthFigures(creatorId: string): Promise<MonthFigures> {
    return this.model.monthFiguresOf(creatorId);
  }

  monthMoves(creatorId: string, months: readonly string[]): Promise<MonthMoves> {
    return this.model.monthMovesOf(creatorId, months);
  }

  openMilestones(creatorId: string): Promise<OpenMilestone[]> {
    return this.model.openMilestonesOf(creatorId);
  }

  ofBrand(brandId: string): Promise<DealFacts[]> {
    return this.model.ofOwner({ model: BRAND_INSIGHTS, owner: brandId });
  }

  /** The creator's track-record counts (#42's media kit), kept by the same follower. */
  trackRecordOf(creatorId: string): Promise<TrackRecord> {
    return this.model.trackRecordOf(creatorId);
  }
}

/**
 * Every instance, every second once the database is open: takes the deals' new revisions into
 * the insights' read model. Each revision is applied once (the read-model kit), so any number of
 * instances may run it; a failed pass is logged and the next resumes from the saved cursor.
 */
@Injectable()
export class InsightsWorker extends PeriodicJob {
  constructor(
    private readonly insights: MongoInsights,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Insights', each: 'pass' });
  }

  protected intervalMs(): number {
    return INSIGHTS_FOLLOW_MS;
  }

  runOnce(): Promise<number> {
    return this.insights.history.drain();
  }
}
