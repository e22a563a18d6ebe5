import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { isOpened } from '../../../database/declared-model.js';
import { InvalidCursorError, pageCursors } from '../../../database/page-cursors.js';
import { type KeyedRow } from '../../../database/keyed-pages.js';
import { type BrandContact } from '../../application/ports/deal.repository.js';
import {
  type CreatorDealCounts,
  type DealGroupFigures,
  type DealListRow,
  DealLists,
  type KeyedDealPage,
  type ListPosition,
} from '../../application/ports/deal-lists.js';
import { DEAL_STATES, type DealState, type DealView } from '../../domain/deal.js';
import { InvalidPageCursorError } from '../../domain/page-cursor.errors.js';
import {
  brandEmailListKey,
  brandMobileListKey,
  creatorListKey,
  creatorOverviewListKey,
  type DealListSnapshot,
  type GroupFigures,
  snapshotOf,
  type StoredRow,
} from './deal-list-snapshot.js';
import { DealListsFollower, DealListsStore } from './deal-lists.follower.js';
import type { Deal } from '../../domain/deal.js';

/** How often each instance looks for changes another instance recorded but did not apply. */
const FOLLOW_INTERVAL_MS = 1_000;

export function rowOf({ row }: KeyedRow<StoredRow>): DealListRow {
  return {
    ...row,
    id: row.dealId,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    sentAt: row.sentAt === null ? null : new Date(row.sentAt),
    linkExpiresAt: row.linkExpiresAt === null ? null : new Date(row.linkExpiresAt),
  };
}

function groupOf(figures: GroupFigures): DealGroupFigures {
  return {
    name: figures.name,
    byState: figures.byState,
    paiseByState: figures.paiseByState,
    brands: Object.keys(figures.brands).sort(),
    lastActivityAt: new Date(figures.lastActivityAt),
  };
}

/**
 * The deals lists on the application's database: reads are keyed (see keyed-pages.ts), writes go
 * through the follower. Every deal write records its change ({@link recordChanges}) and then
 * settles, so a list read after a write in this process shows it; a timer follows what other
 * instances recorded.
 */
@Injectable()
export class MongoDealLists extends DealLists implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DealLists');
  private follower: DealListsFollower | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  private get lists(): DealListsFollower {
    if (!this.follower) {
      this.follower = new DealListsFollower(new DealListsStore(this.connection));
    }
    return this.follower;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      // While the database is away there is nothing to follow: the health check reports it.
      if (isOpened(this.connection)) void this.settle();
    }, FOLLOW_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Records the deals' changes for the follower, then applies them (read-your-writes). */
  async recordChanges(deals: readonly Deal[]): Promise<void> {
    await this.lists.store.record(deals.map(snapshotOf));
    await this.settle();
  }

  async record(snapshots: readonly DealListSnapshot[]): Promise<void> {
    await this.lists.store.record(snapshots);
  }

  async settle(): Promise<void> {
    try {
      await this.lists.drain();
    } catch (error) {
      // The change is recorded: the next drain (this timer's or another instance's) applies it.
      this.logger.warn(`applying the deals' changes failed: ${String(error)}`);
    }
  }

  async creatorPage(
    creatorId: string,
    view: DealView,
    position: ListPosition,
  ): Promise<KeyedDealPage> {
    const list = creatorListKey(creatorId, view);
    const { pageSize } = position;
    const page =
      'cursor' in position
        ? await this.lists.store.lists.after(
            list,
            this.cursorKey(creatorId, list, position.cursor),
            pageSize,
          )
        : await this.lists.store.lists.page(list, (position.page - 1) * pageSize, pageSize);
    const last = page.rows.at(-1);
    const more =
      last !== undefined &&
      ('cursor' in position
        ? page.rows.length === pageSize
        : position.page * pageSize < page.total);
    return {
      rows: page.rows.map(rowOf),
      total: page.total,
      nextCursor: more ? pageCursors.encode(creatorId, list, last.sortKey) : null,
    };
  }

  private cursorKey(creatorId: string, list: string, cursor: string): string {
    try {
      return pageCursors.decode(creatorId, list, cursor);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new InvalidPageCursorError();
      throw error;
    }
  }

  async counts(creatorId: string, now: Date): Promise<CreatorDealCounts> {
    const counters = await this.lists.store.countersOf(creatorId);
    const byState = Object.fromEntries(
      DEAL_STATES.map((state) => [state, counters.byState[state] ?? 0]),
    ) as Record<DealState, number>;
    return {
      byState,
      expiredLinks: Object.entries(counters.expiring)
        .filter(([, at]) => at <= now.getTime())
        .map(([id]) => id),
      collaborations: Object.values(counters.collaborations).map(groupOf),
      campaigns: Object.values(counters.campaigns).map(groupOf),
    };
  }

  async recentlyUpdated(
    creatorId: string,
    kind: 'needs-action' | 'awaiting-brand',
    limit: number,
  ): Promise<DealListRow[]> {
    const page = await this.lists.store.lists.page(
      creatorOverviewListKey(creatorId, kind),
      0,
      limit,
    );
    return page.rows.map(rowOf);
  }

  async sentToBrand(contact: BrandContact, limit: number): Promise<DealListRow[]> {
    const lists = [brandMobileListKey(contact.mobile)];
    if (contact.email !== undefined && contact.email !== '') {
      lists.push(brandEmailListKey(contact.email));
    }
    const pages = await Promise.all(
      lists.map((list) => this.lists.store.lists.page(list, 0, limit)),
    );
    const seen = new Set<string>();
    return pages
      .flatMap((page) => page.rows)
      .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .slice(0, limit)
      .map(rowOf);
  }
}
