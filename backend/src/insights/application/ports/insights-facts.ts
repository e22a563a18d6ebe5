import type { MonthFigures, MonthMoves } from '../../domain/aggregate-figures.js';
import type { OpenMilestone } from '../../domain/open-milestones.js';
import type { DealFacts } from '../../domain/deal-facts.js';

/**
 * The insights' read model (#40): each creator's precomputed figures (month buckets, the moves
 * of the months a period cuts, the milestones open now) and each brand workspace's deal facts.
 * Never another creator's data.
 */
export abstract class InsightsFacts {
  /** The creator's month buckets and brands. */
  abstract monthFigures(creatorId: string): Promise<MonthFigures>;
  /** The creator's moves in these India months (`YYYY-MM`), by month. */
  abstract monthMoves(creatorId: string, months: readonly string[]): Promise<MonthMoves>;
  /** The creator's milestones whose money is to come or to be funded. */
  abstract openMilestones(creatorId: string): Promise<OpenMilestone[]>;
  /** Every deal bound to the brand workspace (accepted from it). */
  abstract ofBrand(brandId: string): Promise<DealFacts[]>;
}
