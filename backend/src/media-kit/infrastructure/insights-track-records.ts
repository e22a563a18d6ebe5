import { Injectable } from '@nestjs/common';
import type { TrackRecord } from '../../insights/insights.contract.js';
import { MongoInsights } from '../../insights/index.js';
import { TrackRecords } from '../application/ports/track-records.js';

/** The track record from the insights' read model (its per-creator summary document). */
@Injectable()
export class InsightsTrackRecords extends TrackRecords {
  constructor(private readonly insights: MongoInsights) {
    super();
  }

  of(creatorId: string): Promise<TrackRecord> {
    return this.insights.trackRecordOf(creatorId);
  }
}
