import type { TrackRecord } from '../../../insights/insights.contract.js';

/**
 * The creator's track record on Paylock (counts only), as the insights' follower keeps it from the
 * deals' history and the money moves: one keyed read, never a scan of the deals per request.
 */
export abstract class TrackRecords {
  abstract of(creatorId: string): Promise<TrackRecord>;
}
