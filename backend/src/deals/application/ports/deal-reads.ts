import type { Deal, DealState } from '../../domain/deal.js';

/** What the dashboards group: one line per deal, without the history and contracts. */
export interface DealSummary {
  readonly id: string;
  readonly title: string;
  readonly state: DealState;
  readonly campaign: string | null;
  readonly brandCompany: string;
  readonly totalPaise: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly linkExpiresAt: Date | null;
  /** Each milestone's id and name (the wallet names the milestone of a ledger line). */
  readonly milestones: readonly { readonly id: string; readonly name: string }[];
}

/**
 * Deals as other features read them (invoices, the wallet, the money): one deal, a creator's own,
 * and the dashboards' lines. Read-only: only the deals, and the money through DealMoves, write.
 */
export abstract class DealReads {
  abstract findById(id: string): Promise<Deal | undefined>;
  /** The deal, if `creatorId` owns it. */
  abstract findOwned(id: string, creatorId: string): Promise<Deal | undefined>;
  abstract summaries(creatorId: string): Promise<DealSummary[]>;
  /** The deals whose money a brand workspace accepted (its account id), with their history. */
  abstract boundToBrandAccount(brandId: string): Promise<Deal[]>;
}

/**
 * The milestone-moves port: the money's one way to change a deal (a milestone's move, the deal's
 * completion, a cancellation's step). Each change is the next deal the deals domain computed
 * (moveMilestone, the cancellation moves, `revise`), written claim-once: `claim` replaces the deal
 * only if it still has the state and revision it was read with, so of racing moves one wins.
 */
export abstract class DealMoves extends DealReads {
  abstract claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean>;
}
