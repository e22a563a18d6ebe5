import type { DealFacts } from '../../domain/deal-facts.js';

/** The insights' read model (#40): each creator's and each brand workspace's deal facts. */
export abstract class InsightsFacts {
  /** Every deal of the creator that the follower has taken (never another creator's). */
  abstract ofCreator(creatorId: string): Promise<DealFacts[]>;
  /** Every deal bound to the brand workspace (accepted from it). */
  abstract ofBrand(brandId: string): Promise<DealFacts[]>;
}
