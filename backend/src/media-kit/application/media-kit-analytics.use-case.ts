import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { indianToday } from '../../deals/deals.contract.js';
import { type DailyViews, PageViews, type Visitor } from './ports/page-views.js';

export const ANALYTICS_DAYS = 30;
const DAY_MS = 86_400_000;

/** Counts one view of a creator's public page (the day in India). */
@Injectable()
export class RecordPageView {
  constructor(
    private readonly views: PageViews,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string, visitor: Visitor): Promise<void> {
    await this.views.record(creatorId, visitor, indianToday(this.clock.now()));
  }
}

/** The last 30 days' views and unique visitors of the creator's page, every day listed. */
@Injectable()
export class GetMediaKitAnalytics {
  constructor(
    private readonly views: PageViews,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string): Promise<DailyViews[]> {
    const now = this.clock.now();
    const today = indianToday(now);
    const from = indianToday(new Date(now.getTime() - (ANALYTICS_DAYS - 1) * DAY_MS));
    const found = new Map(
      (await this.views.daily(creatorId, from, today)).map((item) => [item.day, item]),
    );
    return Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
      const day = indianToday(new Date(now.getTime() - (ANALYTICS_DAYS - 1 - index) * DAY_MS));
      return found.get(day) ?? { day, views: 0, uniqueVisitors: 0 };
    });
  }
}
