/** One day's visits of a public page: every view, and the distinct visitors among them. */
export interface DailyViews {
  /** The day in India, YYYY-MM-DD. */
  readonly day: string;
  readonly views: number;
  readonly uniqueVisitors: number;
}

/** Who opened the page, as the request shows it: never stored as such (see the adapter). */
export interface Visitor {
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * The public page's visits, counted server-side without a tracker: a visitor is recognised
 * within one day only, by a hash salted per day, and no address is kept.
 */
export abstract class PageViews {
  abstract record(creatorId: string, visitor: Visitor, day: string): Promise<void>;
  /** The days from `fromDay` to `toDay` (inclusive) that had views, oldest first. */
  abstract daily(creatorId: string, fromDay: string, toDay: string): Promise<DailyViews[]>;
}
