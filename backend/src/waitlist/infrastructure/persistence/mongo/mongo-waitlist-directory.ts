import { Injectable } from '@nestjs/common';
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

type Query = Record<string, unknown>;

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
export class MongoWaitlistDirectory extends WaitlistDirectory {
  constructor(
    @InjectModel(WAITLIST_ENTRY_MODEL) private readonly model: Model<WaitlistEntryRecord>,
  ) {
    super();
  }

  private get entries() {
    return this.model.collection;
  }

  async page({ filter, sort, page, pageSize }: DirectoryPageQuery): Promise<DirectoryPage> {
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

  async figures(since: Date, until: Date): Promise<WaitlistFigures> {
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
