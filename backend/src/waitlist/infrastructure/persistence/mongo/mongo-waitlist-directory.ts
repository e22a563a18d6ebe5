import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import {
  type DirectoryEntry,
  type DirectoryFilter,
  type DirectoryPage,
  type DirectoryPageQuery,
  type DirectorySort,
  type DirectorySortField,
  ENTRY_STATUSES,
  type EntryStatus,
  WaitlistDirectory,
  type WaitlistFigures,
} from '../../../application/ports/waitlist-directory.js';
import { EARLY_ACCESS_SLOTS } from '../../../domain/seat.js';
import { USER_TYPES, type UserType } from '../../../domain/user-type.js';
import {
  DIRECTORY_PROJECTION,
  statusOf,
  type StoredDirectoryEntry,
  toDirectoryEntry,
} from './waitlist-directory.mapper.js';
import { WAITLIST_ENTRY_MODEL, type WaitlistEntryRecord } from './waitlist-entry.schema.js';
import { rebuildWaitlistLists } from './read-model/rebuild-waitlist-lists.js';
import { isOpened } from '../../../../database/declared-model.js';
import { WaitlistListsFollower, WaitlistListsStore } from './read-model/waitlist-lists.js';
import { entryOf, listKeyOf, zeroedStatuses, zeroedUserTypes } from './read-model/waitlist-rows.js';

type Query = Record<string, unknown>;

/** How often each instance applies the entries' writes that no read has applied yet. */
const FOLLOW_INTERVAL_MS = 1_000;

/** No filter at all: the table's pages then come from the read model. */
function isUnfiltered(filter: DirectoryFilter): boolean {
  return Object.values(filter).every(
    (value) => value === undefined || (Array.isArray(value) && value.length === 0),
  );
}

const DAY_MS = 86_400_000;
/** Documents per round trip while streaming an export. */
const STREAM_BATCH_SIZE = 1_000;

/** A literal piece of a regular expression: every metacharacter escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** The stored field behind each sortable column (submission time is consentedAt = createdAt). */
const SORT_FIELDS: Readonly<Record<DirectorySortField, string>> = {
  seat: 'seat',
  joinedAt: 'consentedAt',
  name: 'fullName',
};

function statusQuery(statuses: readonly EntryStatus[]): Query {
  const clauses: Query[] = [{ status: { $in: [...statuses] } }];
  // Entries stored before statuses existed are confirmed.
  if (statuses.includes('confirmed')) clauses.push({ status: { $exists: false } });
  return { $or: clauses };
}

function earlyAccessQuery(earlyAccess: boolean): Query {
  return earlyAccess
    ? { seat: { $gte: 1, $lte: EARLY_ACCESS_SLOTS } }
    : {
        $or: [{ seat: { $gt: EARLY_ACCESS_SLOTS } }, { seat: { $exists: false } }, { seat: null }],
      };
}

/** Submissions caught by the honeypot are stored like a person's but are nobody's: never shown. */
const PEOPLE_ONLY: Query = { trapped: { $ne: true } };

/**
 * The filter as a MongoDB query. Every value an admin typed goes in as a string or a date, and
 * search text only inside an escaped, anchored-nowhere regular expression: no operator, no
 * pattern of theirs reaches the database.
 */
export function toQuery(filter: DirectoryFilter): Query {
  const all: Query[] = [PEOPLE_ONLY];
  if (filter.statuses?.length) all.push(statusQuery(filter.statuses));
  if (filter.userTypes?.length) all.push({ userType: { $in: [...filter.userTypes] } });
  if (filter.earlyAccess !== undefined) all.push(earlyAccessQuery(filter.earlyAccess));
  if (filter.joinedFrom || filter.joinedBefore) {
    all.push({
      consentedAt: {
        ...(filter.joinedFrom && { $gte: filter.joinedFrom }),
        ...(filter.joinedBefore && { $lt: filter.joinedBefore }),
      },
    });
  }
  const { search } = filter;
  if (search) {
    const any: Query[] = [
      { fullName: { $regex: escapeRegExp(search.text), $options: 'i' } },
      { email: { $regex: escapeRegExp(search.email) } },
    ];
    if (search.phoneDigits) any.push({ phone: { $regex: escapeRegExp(search.phoneDigits) } });
    if (search.handle) {
      any.push({ instagramHandle: { $regex: escapeRegExp(search.handle), $options: 'i' } });
    }
    all.push({ $or: any });
  }
  return all.length === 1 ? PEOPLE_ONLY : { $and: all };
}

/** The sort, with the id as a tie-breaker so that pages never overlap or skip. */
export function toSort({ field, direction }: DirectorySort): Record<string, 1 | -1> {
  const order = direction === 'asc' ? 1 : -1;
  return { [SORT_FIELDS[field]]: order, _id: order };
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function zeroCounts<Key extends string>(keys: readonly Key[]): Record<Key, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
}

/**
 * The back-office's reads of `waitlist_entries`, straight through the driver: the documents of
 * every generation (with or without status) are read as they are, mapped by the directory
 * mapper; Mongoose's schema (the write side's) is not involved.
 */
@Injectable()
export class MongoWaitlistDirectory
  extends WaitlistDirectory
  implements OnApplicationBootstrap, OnModuleDestroy
{
  private readonly logger = new Logger('WaitlistLists');
  private follower: WaitlistListsFollower | undefined;
  private built: Promise<unknown> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectModel(WAITLIST_ENTRY_MODEL) private readonly model: Model<WaitlistEntryRecord>,
  ) {
    super();
  }

  private get entries() {
    return this.model.collection;
  }

  private get lists(): WaitlistListsFollower {
    if (!this.follower) {
      this.follower = new WaitlistListsFollower(new WaitlistListsStore(this.model.db));
    }
    return this.follower;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      // Once built by a read: the first build reads every entry, a reader's work, not a timer's.
      if (this.built !== undefined && isOpened(this.model.db)) {
        void this.settle().catch(() => undefined);
      }
    }, FOLLOW_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * The read model brought up to date before a read: built from the entries the first time (an
   * existing waitlist), then the writes recorded since applied, so the table shows every write
   * that answered before it was opened.
   */
  private async settle(): Promise<void> {
    this.built ??= (async () => {
      if ((await this.lists.store.countersOrNull()) === null) {
        const report = await rebuildWaitlistLists(this.lists);
        this.logger.log(`built from ${String(report.entries)} entries`);
      }
    })().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    await this.built;
    await this.lists.drain();
  }

  async page(query: DirectoryPageQuery): Promise<DirectoryPage> {
    if (!isUnfiltered(query.filter)) return this.scannedPage(query);
    await this.settle();
    const { sort, page, pageSize } = query;
    const offset = (page - 1) * pageSize;
    const list = listKeyOf(sort.field);
    const found =
      sort.direction === 'asc'
        ? await this.lists.store.lists.page(list, offset, pageSize)
        : await this.lists.store.lists.pageFromEnd(list, offset, pageSize);
    return { items: found.rows.map(({ row }) => entryOf(row)), total: found.total };
  }

  /**
   * A filtered page: the query over `waitlist_entries` (a scan of it on FerretDB, the indexes'
   * work on MongoDB). Search and filters are an admin's occasional look, not the table's default.
   */
  private async scannedPage({
    filter,
    sort,
    page,
    pageSize,
  }: DirectoryPageQuery): Promise<DirectoryPage> {
    const query = toQuery(filter);
    const [records, total] = await Promise.all([
      this.entries
        .find<StoredDirectoryEntry>(query, { projection: DIRECTORY_PROJECTION })
        .sort(toSort(sort))
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.entries.countDocuments(query),
    ]);
    return { items: records.map(toDirectoryEntry), total };
  }

  async *stream(filter: DirectoryFilter, sort: DirectorySort): AsyncIterable<DirectoryEntry> {
    const cursor = this.entries
      .find<StoredDirectoryEntry>(toQuery(filter), { projection: DIRECTORY_PROJECTION })
      .sort(toSort(sort))
      .batchSize(STREAM_BATCH_SIZE);
    try {
      for await (const record of cursor) yield toDirectoryEntry(record);
    } finally {
      await cursor.close();
    }
  }

  async findById(id: string): Promise<DirectoryEntry | null> {
    if (!mongoose.isObjectIdOrHexString(id) || !/^[a-f\d]{24}$/i.test(id)) return null;
    const record = await this.entries.findOne<StoredDirectoryEntry>(
      { _id: new mongoose.Types.ObjectId(id), ...PEOPLE_ONLY },
      { projection: DIRECTORY_PROJECTION },
    );
    return record ? toDirectoryEntry(record) : null;
  }

  /** The counts from the read model's counters: one document, whatever the waitlist's size. */
  async figures(since: Date, until: Date): Promise<WaitlistFigures> {
    await this.settle();
    const counters = (await this.lists.store.countersOrNull()) ?? {
      byStatus: {},
      byUserType: {},
      perDay: {},
    };
    const byStatus = zeroedStatuses(counters);
    const signUpsPerDay = [];
    for (let day = since.getTime(); day <= until.getTime(); day += DAY_MS) {
      const key = utcDay(new Date(day));
      signUpsPerDay.push({ day: key, count: counters.perDay[key] ?? 0 });
    }
    return {
      entries: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
      byStatus,
      byUserType: zeroedUserTypes(counters),
      signUpsPerDay,
    };
  }

  /** Today's counts by aggregation over every entry (what the counters replace; the bench's baseline). */
  async scannedFigures(since: Date, until: Date): Promise<WaitlistFigures> {
    const [byStatusRows, byUserTypeRows, signUps] = await Promise.all([
      this.countBy('status'),
      this.countBy('userType'),
      this.signUpsPerDay(since, until),
    ]);
    const byStatus = zeroCounts(ENTRY_STATUSES);
    for (const { _id, count } of byStatusRows) byStatus[statusOf(_id)] += count;
    const byUserType = zeroCounts(USER_TYPES);
    for (const { _id, count } of byUserTypeRows) {
      if ((USER_TYPES as readonly string[]).includes(_id ?? '')) {
        byUserType[_id as UserType] += count;
      }
    }
    const entries = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
    return { entries, byStatus, byUserType, signUpsPerDay: signUps };
  }

  private countBy(field: 'status' | 'userType') {
    return this.entries
      .aggregate<{ _id: string | null; count: number }>([
        { $match: PEOPLE_ONLY },
        { $group: { _id: `$${field}`, count: { $sum: 1 } } },
      ])
      .toArray();
  }

  /** Days counted here rather than by the server: FerretDB 1.x has no date operators. */
  private async signUpsPerDay(since: Date, until: Date) {
    const counts = new Map<string, number>();
    for (let day = since.getTime(); day <= until.getTime(); day += DAY_MS) {
      counts.set(utcDay(new Date(day)), 0);
    }
    const cursor = this.entries
      .find<Pick<StoredDirectoryEntry, 'consentedAt'>>(
        { consentedAt: { $gte: since, $lte: until }, ...PEOPLE_ONLY },
        { projection: { _id: 0, consentedAt: 1 } },
      )
      .batchSize(STREAM_BATCH_SIZE);
    for await (const { consentedAt } of cursor) {
      const day = utcDay(consentedAt);
      counts.set(day, (counts.get(day) ?? 0) + 1);
    }
    return [...counts].map(([day, count]) => ({ day, count }));
  }
}
