import { randomUUID } from 'node:crypto';
import mongoose, { type mongo } from 'mongoose';
import { insertAllOnce, WindowLease } from '../../../../../database/window-lease.js';
import {
  KeyedPages,
  type KeyedRow,
  partitionNames,
  partitionOf,
} from '../../../../../database/keyed-pages.js';
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
interface JournalDocument {
  _id: string;
  id: string;
  changes: string[];
  /** JSON: [entry id, row before or null, row now or null][] */
  moves: string;
}
interface LeaseDocument {
  _id: string;
  holder: string;
  at: Date;
}

type Move = [string, WaitlistRow | null, WaitlistRow | null];

/** The read model's collections on one database, and the entries it is kept from. */
export class WaitlistListsStore {
  readonly lists: KeyedPages<WaitlistRow>;
  readonly counters: mongo.Collection<CountersDocument>;
  readonly changes: mongo.Collection<ChangeDocument>;
  readonly journal: mongo.Collection<JournalDocument>;
  readonly leases: mongo.Collection<LeaseDocument>;
  readonly entries: mongo.Collection<StoredDirectoryEntry>;
  private readonly projectionPartitions: mongo.Collection<ProjectionDocument>[];

  constructor(db: mongo.Db) {
    this.lists = new KeyedPages<WaitlistRow>(db, WAITLIST_LISTS, {
      partitions: WAITLIST_LIST_PARTITIONS,
      chunkPartitions: WAITLIST_CHUNK_PARTITIONS,
    });
    this.counters = db.collection(WAITLIST_LIST_COUNTERS);
    this.changes = db.collection(WAITLIST_LIST_CHANGES);
    this.journal = db.collection(WAITLIST_LIST_STATE);
    this.leases = db.collection(WAITLIST_LIST_STATE);
    this.entries = db.collection('waitlist_entries');
    this.projectionPartitions = partitionNames(
      WAITLIST_LIST_PROJECTIONS,
      PROJECTION_PARTITIONS,
    ).map((name) => db.collection<ProjectionDocument>(name));
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
    await insertAllOnce(
      this.changes,
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
                this.entries.findOne({ _id, ...query }, { projection: DIRECTORY_PROJECTION }),
              ),
            )
          ).filter((entry): entry is StoredDirectoryEntry => entry !== null)
        : await this.entries
            .find({ _id: { $in: objectIds }, ...query }, { projection: DIRECTORY_PROJECTION })
            .toArray();
    return new Map(found.map((stored) => [stored._id.toHexString(), rowOf(stored)]));
  }
}

export interface FollowerOptions {
  readonly batchSize?: number;
  readonly leaseMs?: number;
}

/**
 * Applies the entries' recorded writes to the lists and counters, claim-once, as the deals
 * lists' follower does (deal-lists.follower.ts): one follower at a time under a lease; a batch
 * journaled (each entry's row before and now) before it is applied, so a follower killed at any
 * point is finished by the next holder without a double count. A change carries only the entry's
 * id: the follower reads the entry as it is now, after the write that recorded it.
 */
export class WaitlistListsFollower {
  readonly lease: WindowLease;
  private readonly batchSize: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly store: WaitlistListsStore,
    options: FollowerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.lease = new WindowLease(store.leases, 'waitlist-lists', options.leaseMs ?? 4_000);
  }

  /** Applies what is pending, after whatever this process is applying now. Returns how many. */
  drain(options: { wait?: boolean } = {}): Promise<number> {
    const run = this.queue.then(() => this.run(options.wait ?? false));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(wait: boolean): Promise<number> {
    let applied = 0;
    for (;;) {
      try {
        if (!(await this.hasWork())) return applied;
        await this.holdLease();
        const journal = await this.store.journal.findOne({ _id: 'journal' });
        if (journal) {
          await this.finish(journal);
          continue;
        }
        const changes = await this.store.changes.find({}).limit(this.batchSize).toArray();
        if (changes.length === 0) return applied;
        applied += await this.apply(changes);
      } catch (error) {
        if (!(error instanceof LeaseNotHeld)) throw error;
        if (!wait) return applied;
        await new Promise((resolve) => setTimeout(resolve, this.lease.untilNextWindow() + 5));
      }
    }
  }

  private async hasWork(): Promise<boolean> {
    const journal = await this.store.journal.findOne(
      { _id: 'journal' },
      { projection: { _id: 1 } },
    );
    return (
      journal !== null ||
      (await this.store.changes.findOne({}, { projection: { _id: 1 } })) !== null
    );
  }

  async holdLease(): Promise<void> {
    if ((await this.lease.acquire()) === 0) throw new LeaseNotHeld();
  }

  private async apply(changes: readonly ChangeDocument[]): Promise<number> {
    const ids = [...new Set(changes.map(({ entryId }) => entryId))];
    const now = await this.store.currentRows(ids);
    const before = new Map<string, WaitlistRow>();
    for (const [collection, partIds] of groupBy(ids, (id) => this.store.projections(id))) {
      const found = await collection.find({ _id: { $in: partIds } }).toArray();
      for (const { _id, row } of found) before.set(_id, JSON.parse(row) as WaitlistRow);
    }
    const moves: Move[] = ids
      .map((id): Move => [id, before.get(id) ?? null, now.get(id) ?? null])
      .filter(([, was, is]) => JSON.stringify(was) !== JSON.stringify(is));
    const journal: JournalDocument = {
      _id: 'journal',
      id: randomUUID(),
      changes: changes.map(({ _id }) => _id),
      moves: JSON.stringify(moves),
    };
    await this.holdLease();
    await this.store.journal.replaceOne({ _id: 'journal' }, journal, { upsert: true });
    await this.finish(journal);
    return moves.length;
  }

  /** Applies a journal's moves; every step may run again with the same result. */
  private async finish(journal: JournalDocument): Promise<void> {
    const moves = JSON.parse(journal.moves) as Move[];
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
    if (found?.lastJournal !== journal.id) {
      const counters = found ? (JSON.parse(found.body) as WaitlistCounters) : emptyCounters();
      for (const [, was, is] of moves) {
        if (was) countInto(counters, was, -1);
        if (is) countInto(counters, is, 1);
      }
      await this.store.writeCounters(counters, journal.id);
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
    await this.store.changes.deleteMany({ _id: { $in: journal.changes } });
    await this.store.journal.deleteOne({ _id: 'journal' });
  }
}

export const placed = (
  field: DirectorySortField,
  id: string,
  row: WaitlistRow,
): KeyedRow<WaitlistRow> => ({ id, sortKey: sortKeyOf(field, row), row });

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** This follower's turn is over (or never came): another holds the lease. */
export class LeaseNotHeld extends Error {}
