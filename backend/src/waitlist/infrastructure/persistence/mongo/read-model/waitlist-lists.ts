import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model, type mongo } from 'mongoose';
import { databaseOf, declaredModel } from '../../../../../database/declared-model.js';
import {
  KeyedPages,
  type KeyedRow,
  partitionedCollections,
  partitionOf,
} from '../../../../../database/keyed-pages.js';
import {
  type FollowerCollections,
  followerCollectionsOn,
  type FollowerJournal,
  type FollowerOptions,
  groupBy,
  JournaledFollower,
  readModelCollection,
  recordChanges,
} from '../../../../../database/read-models/index.js';
import type { DirectorySortField } from '../../../../application/ports/waitlist-directory.js';
import {
  SORT_LISTS,
  type WaitlistCounters,
  type WaitlistRow,
  countInto,
  emptyCounters,
  listKeyOf,
  rowOf,
  sortKeyOf,
} from './waitlist-rows.js';
import { DIRECTORY_PROJECTION, type StoredDirectoryEntry } from '../waitlist-directory.mapper.js';
import {
  WAITLIST_ENTRY_MODEL,
  type WaitlistEntryRecord,
  waitlistEntrySchema,
} from '../waitlist-entry.schema.js';

export { LeaseNotHeld } from '../../../../../database/read-models/index.js';
export type { FollowerOptions } from '../../../../../database/read-models/index.js';

/**
 * The admin waitlist table's read model (issue #38): its unfiltered pages in each order, and its
 * counts, kept ready so that the table costs its page, not the waitlist (see keyed-pages.ts for
 * why a page is a directory and chunk documents on FerretDB).
 *
 * Built on the deals lists' kit, not the per-owner read-model store: the table is one list per
 * sort over everyone's entries (no owner to partition by), and rows move inside it (a rename,
 * a seat, an erasure), which keyed pages' idempotent puts and removals at any key serve, where
 * the store's dense per-owner sequences only append.
 */
export const WAITLIST_LISTS = 'waitlist_lists';
/** Four collections: each of the three lists' directory lands in its own (see the test). */
export const WAITLIST_LIST_PARTITIONS = 4;
/**
 * The lists' chunks over 128 collections: 100,000 entries are about 500 chunks per order, 12 per
 * collection, so a chunk's point read on FerretDB scans about a megabyte, not the list's 40.
 */
export const WAITLIST_CHUNK_PARTITIONS = 128;
export const WAITLIST_LIST_COUNTERS = 'waitlist_list_counters';
export const WAITLIST_LIST_PROJECTIONS = 'waitlist_list_projections';
export const PROJECTION_PARTITIONS = 32;
/** Entries written since the follower last looked: `<entryId>:<uuid>`, one per write. */
export const WAITLIST_LIST_CHANGES = 'waitlist_list_changes';
/** The follower's lease windows and its journal. */
export const WAITLIST_LIST_STATE = 'waitlist_list_state';

const COUNTERS_ID = 'all';
/** Which collection each order's list lands in. */
export const partitionsOfLists = () =>
  SORT_LISTS.map((field) => partitionOf(listKeyOf(field), WAITLIST_LIST_PARTITIONS));

interface ChangeDocument {
  _id: string;
  entryId: string;
}
export interface ProjectionDocument {
  _id: string;
  row: string;
}
interface CountersDocument {
  _id: string;
  body: string;
  /** The journal whose deltas these counters hold last: a redo of it adds nothing. */
  lastJournal: string;
}
/** An entry's move in the table: its id, its row before (or null) and now (or null). */
type Move = [string, WaitlistRow | null, WaitlistRow | null];

/** The read model's collections on one database, and the entries it is kept from. */
export class WaitlistListsStore {
  readonly lists: KeyedPages<WaitlistRow>;
  readonly counters: mongo.Collection<CountersDocument>;
  /** The follower's: the recorded changes, its journal and lease windows. */
  readonly follower: FollowerCollections<ChangeDocument>;
  /** The source: the entries, through their model. */
  readonly entries: Model<WaitlistEntryRecord>;
  private readonly projectionPartitions: mongo.Collection<ProjectionDocument>[];

  /** On an open connection (the read model's collections are named on its database). */
  constructor(connection: Connection) {
    const db = databaseOf(connection)();
    this.lists = new KeyedPages<WaitlistRow>(db, WAITLIST_LISTS, {
      partitions: WAITLIST_LIST_PARTITIONS,
      chunkPartitions: WAITLIST_CHUNK_PARTITIONS,
    });
    this.counters = readModelCollection(db, WAITLIST_LIST_COUNTERS);
    this.follower = followerCollectionsOn(db, {
      changes: WAITLIST_LIST_CHANGES,
      state: WAITLIST_LIST_STATE,
    });
    this.entries = declaredModel(connection, WAITLIST_ENTRY_MODEL, waitlistEntrySchema);
    this.projectionPartitions = partitionedCollections(
      db,
      WAITLIST_LIST_PROJECTIONS,
      PROJECTION_PARTITIONS,
    );
  }

  get changes(): mongo.Collection<ChangeDocument> {
    return this.follower.changes;
  }

  get journal(): mongo.Collection<FollowerJournal> {
    return this.follower.journal;
  }

  projections(entryId: string): mongo.Collection<ProjectionDocument> {
    return this.projectionPartitions[
      partitionOf(entryId, PROJECTION_PARTITIONS)
    ] as mongo.Collection<ProjectionDocument>;
  }

  get allProjections(): readonly mongo.Collection<ProjectionDocument>[] {
    return this.projectionPartitions;
  }

  /** The counters, or null before the model was first built. */
  async countersOrNull(): Promise<WaitlistCounters | null> {
    const found = await this.counters.findOne({ _id: COUNTERS_ID });
    return found ? (JSON.parse(found.body) as WaitlistCounters) : null;
  }

  async writeCounters(counters: WaitlistCounters, journalId: string): Promise<void> {
    await this.counters.replaceOne(
      { _id: COUNTERS_ID },
      { body: JSON.stringify(counters), lastJournal: journalId },
      { upsert: true },
    );
  }

  /** Notes that these entries were written (one small insert; the follower reads them again). */
  async record(entryIds: readonly string[]): Promise<void> {
    await recordChanges(
      this.follower,
      entryIds.map((entryId) => ({ _id: `${entryId}:${randomUUID()}`, entryId })),
    );
  }

  /**
   * The entries as they are now, people only (a trapped or erased entry is absent). A handful
   * are point reads; more are one read of the collection (on FerretDB neither uses an index).
   */
  async currentRows(ids: readonly string[]): Promise<Map<string, WaitlistRow>> {
    const objectIds = ids
      .filter((id) => /^[a-f\d]{24}$/i.test(id))
      .map((id) => new mongoose.Types.ObjectId(id));
    const query = { trapped: { $ne: true } };
    const found =
      objectIds.length <= 4
        ? (
            await Promise.all(
              objectIds.map((_id) =>
                this.entries
                  .findOne({ _id, ...query }, DIRECTORY_PROJECTION)
                  .lean<StoredDirectoryEntry>()
                  .exec(),
              ),
            )
          ).filter((entry): entry is StoredDirectoryEntry => entry !== null)
        : await this.entries
            .find({ _id: { $in: objectIds }, ...query }, DIRECTORY_PROJECTION)
            .lean<StoredDirectoryEntry[]>()
            .exec();
    return new Map(found.map((stored) => [stored._id.toHexString(), rowOf(stored)]));
  }
}

/**
 * Applies the entries' recorded writes to the lists, counters and projections: the kit's
 * journaled follower, as the deals lists' is (one at a time under a lease, each batch journaled
 * with each entry's row before and now before it is applied, so a follower killed at any point is
 * finished by the next holder without a double count). A change carries only the entry's id: the
 * follower reads the entry as it is now, after the write that recorded it.
 */
export class WaitlistListsFollower extends JournaledFollower<ChangeDocument, Move> {
  constructor(
    readonly store: WaitlistListsStore,
    options: FollowerOptions = {},
  ) {
    super(store.follower, 'waitlist-lists', options);
  }

  protected async plan(changes: readonly ChangeDocument[]): Promise<Move[]> {
    const ids = [...new Set(changes.map(({ entryId }) => entryId))];
    const now = await this.store.currentRows(ids);
    const before = new Map<string, WaitlistRow>();
    for (const [collection, partIds] of groupBy(ids, (id) => this.store.projections(id))) {
      const found = await collection.find({ _id: { $in: partIds } }).toArray();
      for (const { _id, row } of found) before.set(_id, JSON.parse(row) as WaitlistRow);
    }
    return ids
      .map((id): Move => [id, before.get(id) ?? null, now.get(id) ?? null])
      .filter(([, was, is]) => JSON.stringify(was) !== JSON.stringify(is));
  }

  protected async applyMoves(journalId: string, moves: readonly Move[]): Promise<void> {
    for (const field of SORT_LISTS) {
      await this.holdLease();
      await this.store.lists.apply(
        listKeyOf(field),
        moves.flatMap(([id, was]) => (was ? [{ id, sortKey: sortKeyOf(field, was) }] : [])),
        moves.flatMap(([id, , is]) => (is ? [placed(field, id, is)] : [])),
      );
    }
    await this.holdLease();
    const found = await this.store.counters.findOne({ _id: COUNTERS_ID });
    if (found?.lastJournal !== journalId) {
      const counters = found ? (JSON.parse(found.body) as WaitlistCounters) : emptyCounters();
      for (const [, was, is] of moves) {
        if (was) countInto(counters, was, -1);
        if (is) countInto(counters, is, 1);
      }
      await this.store.writeCounters(counters, journalId);
    }
    await this.holdLease();
    for (const [collection, partMoves] of groupBy(moves, ([id]) => this.store.projections(id))) {
      await collection.bulkWrite(
        partMoves.map(([id, , is]) =>
          is
            ? {
                replaceOne: {
                  filter: { _id: id },
                  replacement: { row: JSON.stringify(is) },
                  upsert: true,
                },
              }
            : { deleteOne: { filter: { _id: id } } },
        ),
        { ordered: false },
      );
    }
  }
}

export const placed = (
  field: DirectorySortField,
  id: string,
  row: WaitlistRow,
): KeyedRow<WaitlistRow> => ({ id, sortKey: sortKeyOf(field, row), row });
