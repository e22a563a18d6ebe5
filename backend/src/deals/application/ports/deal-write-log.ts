import type { Deal } from '../../domain/deal.js';

/** One write of a deal: the deal as that write left it, and when it was made. */
export interface DealWrite {
  readonly deal: Deal;
  readonly at: Date;
}

export interface DealWritePage {
  /** The writes read again from just before the position, then the fresh ones in write order. */
  readonly writes: readonly DealWrite[];
  /** How many of them are after the position (fewer than the limit: the follower is caught up). */
  readonly fresh: number;
  /** The position after them (unchanged when nothing is fresh). */
  readonly position: string | null;
}

/**
 * Every write of every deal, in write order, for the features that follow the deals' history
 * (the notifications, the insights). A position is opaque text that compares in write order, so
 * a follower saves it and moves it only forward. A write's time is read from the clock a little
 * before it is stored, so each page also carries the writes stored just before the position
 * (`lateWindowMs`) again: a follower must take each deal revision once, however often it sees it.
 */
export abstract class DealWriteLog {
  abstract readonly lateWindowMs: number;
  /** The writes after `position` (null: from the first), `limit` at most, and the late ones. */
  abstract after(position: string | null, limit: number): Promise<DealWritePage>;
  /** The newest write's position (null: no deal was ever written): where "from now on" starts. */
  abstract newest(): Promise<string | null>;
  /** Every deal as stored now (a follower's rebuild). */
  abstract everyDeal(): Promise<Deal[]>;
}
