import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { insertAllOnce, WindowLease } from '../../../database/window-lease.js';
import {
  KeyedPages,
  type KeyedRow,
  partitionNames,
  partitionOf,
} from '../../../database/keyed-pages.js';
import {
  countInto,
  type CreatorCounters,
  type DealListSnapshot,
  emptyCounters,
  type Placement,
  placementsOf,
  type StoredRow,
} from './deal-list-snapshot.js';

/** The read model's collections (issue #38). */
export const DEAL_LISTS = 'deal_lists';
/** Lists and projections are spread over this many collections each (see keyed-pages.ts). */
export const PARTITIONS = 32;
export const DEAL_LIST_COUNTERS = 'deal_list_counters';
export const DEAL_LIST_PROJECTIONS = 'deal_list_projections';
/** The deals' changes not yet applied: `<dealId>:<revision>`, written with each deal write. */
export const DEAL_LIST_CHANGES = 'deal_list_changes';
/** The follower's lease windows and its journal. */
export const DEAL_LIST_STATE = 'deal_list_state';

export interface ChangeDocument {
  _id: string;
  dealId: string;
  revision: number;
  snapshot: string;
}
export interface ProjectionDocument {
  _id: string;
  revision: number;
  snapshot: string;
}
export interface CountersDocument {
  _id: string;
  body: string;
  /** The journal whose deltas these counters hold last: a redo of it adds nothing. */
  lastJournal: string;
}
interface JournalDocument {
  _id: string;
  id: string;
  changes: string[];
  /** JSON: [previous snapshot or null, next snapshot][] */
  moves: string;
}
interface LeaseDocument {
  _id: string;
  holder: string;
  at: Date;
}

export const changeIdOf = (dealId: string, revision: number) => `${dealId}:${String(revision)}`;

/** The read model's collections on one database. */
export class DealListsStore {
  readonly lists: KeyedPages<StoredRow>;
  readonly counters: mongo.Collection<CountersDocument>;
  private readonly projectionPartitions: mongo.Collection<ProjectionDocument>[];
  readonly changes: mongo.Collection<ChangeDocument>;
  readonly journal: mongo.Collection<JournalDocument>;
  readonly leases: mongo.Collection<LeaseDocument>;

  constructor(db: mongo.Db) {
    this.lists = new KeyedPages<StoredRow>(db, DEAL_LISTS, { partitions: PARTITIONS });
    this.counters = db.collection(DEAL_LIST_COUNTERS);
    this.projectionPartitions = partitionNames(DEAL_LIST_PROJECTIONS, PARTITIONS).map((name) =>
      db.collection<ProjectionDocument>(name),
    );
    this.changes = db.collection(DEAL_LIST_CHANGES);
    this.journal = db.collection(DEAL_LIST_STATE);
    this.leases = db.collection(DEAL_LIST_STATE);
  }

  /** A creator's deals' projections: one partition per creator, by its id. */
  projections(creatorId: string): mongo.Collection<ProjectionDocument> {
    return this.projectionPartitions[
      partitionOf(creatorId, PARTITIONS)
    ] as mongo.Collection<ProjectionDocument>;
  }

  get allProjections(): readonly mongo.Collection<ProjectionDocument>[] {
    return this.projectionPartitions;
  }

  async countersOf(creatorId: string): Promise<CreatorCounters> {
    const found = await this.counters.findOne({ _id: creatorId });
    return found ? (JSON.parse(found.body) as CreatorCounters) : emptyCounters();
  }

  /** Records a deal's change for the follower (idempotent: its id is the deal's revision). */
  async record(snapshots: readonly DealListSnapshot[]): Promise<void> {
    await insertAllOnce(
      this.changes,
      snapshots.map((snapshot) => ({
        _id: changeIdOf(snapshot.dealId, snapshot.revision),
        dealId: snapshot.dealId,
        revision: snapshot.revision,
        snapshot: JSON.stringify(snapshot),
      })),
    );
  }
}

type Move = [DealListSnapshot | null, DealListSnapshot];

export interface FollowerOptions {
  readonly batchSize?: number;
  readonly leaseMs?: number;
}

/**
 * Applies the deals' recorded changes to the lists and counters, in batches, claim-once:
 *
 * - one follower works at a time (a {@link WindowLease}); others wait for the next window;
 * - a batch is first written as a journal (each deal's previous and next snapshot), then applied
 *   — lists (idempotent puts and removals by id), counters (skipped when they already hold this
 *   journal), projections — then its changes and the journal are deleted. A follower killed at any
 *   point leaves the journal; whoever holds the lease next finishes it before anything else, so
 *   no change is counted twice or lost;
 * - a change older than the projection (a replay, or overtaken) is dropped unapplied.
 */
export class DealListsFollower {
  readonly lease: WindowLease;
  private readonly batchSize: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly store: DealListsStore,
    options: FollowerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.lease = new WindowLease(store.leases, 'deal-lists', options.leaseMs ?? 4_000);
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
        // Looking costs no lease: an idle follower holds none, so a rebuild can take it.
        if (!(await this.hasWork())) return applied;
        await this.holdLease();
        // Read again under the lease: another holder may have moved on meanwhile.
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

  /** Before each write: still this follower's turn (the journal lets another finish the rest). */
  private async holdLease(): Promise<void> {
    if ((await this.lease.acquire()) === 0) throw new LeaseNotHeld();
  }

  private async apply(changes: readonly ChangeDocument[]): Promise<number> {
    const latest = new Map<string, DealListSnapshot>();
    for (const change of changes) {
      const snapshot = JSON.parse(change.snapshot) as DealListSnapshot;
      const known = latest.get(snapshot.dealId);
      if (!known || known.revision < snapshot.revision) latest.set(snapshot.dealId, snapshot);
    }
    const previous = new Map<string, ProjectionDocument>();
    for (const [creatorId, ids] of groupBy([...latest.values()], (s) => s.creatorId)) {
      const found = await this.store
        .projections(creatorId)
        .find({ _id: { $in: ids.map((s) => s.dealId) } })
        .toArray();
      for (const projection of found) previous.set(projection._id, projection);
    }
    const moves: Move[] = [];
    for (const snapshot of latest.values()) {
      const before = previous.get(snapshot.dealId);
      if (before && before.revision >= snapshot.revision) continue;
      moves.push([before ? (JSON.parse(before.snapshot) as DealListSnapshot) : null, snapshot]);
    }
    const journal: JournalDocument = {
      _id: 'journal',
      id: randomUUID(),
      changes: changes.map((change) => change._id),
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
    await this.applyToLists(moves);
    await this.applyToCounters(journal.id, moves);
    await this.holdLease();
    for (const [creatorId, creatorMoves] of groupBy(moves, (move) => move[1].creatorId)) {
      await this.store.projections(creatorId).bulkWrite(
        creatorMoves.map(([, next]) => ({
          replaceOne: {
            filter: { _id: next.dealId },
            replacement: { revision: next.revision, snapshot: JSON.stringify(next) },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    }
    await this.store.changes.deleteMany({ _id: { $in: journal.changes } });
    await this.store.journal.deleteOne({ _id: 'journal' });
  }

  private async applyToLists(moves: readonly Move[]) {
    const byList = new Map<string, { remove: Placement[]; put: Placement[] }>();
    const entry = (list: string) => {
      let found = byList.get(list);
      if (!found) byList.set(list, (found = { remove: [], put: [] }));
      return found;
    };
    for (const [before, next] of moves) {
      if (before)
        for (const placement of placementsOf(before)) entry(placement.list).remove.push(placement);
      for (const placement of placementsOf(next)) entry(placement.list).put.push(placement);
    }
    for (const [list, { remove, put }] of byList) {
      await this.holdLease();
      await this.store.lists.apply(list, remove, put.map(asRow));
    }
  }

  private async applyToCounters(journalId: string, moves: readonly Move[]) {
    for (const [creatorId, creatorMoves] of groupBy(moves, (move) => move[1].creatorId)) {
      await this.holdLease();
      const found = await this.store.counters.findOne({ _id: creatorId });
      if (found?.lastJournal === journalId) continue;
      const counters = found ? (JSON.parse(found.body) as CreatorCounters) : emptyCounters();
      for (const [before, next] of creatorMoves) {
        if (before) countInto(counters, before, -1);
        countInto(counters, next, 1);
      }
      await this.store.counters.replaceOne(
        { _id: creatorId },
        { body: JSON.stringify(counters), lastJournal: journalId },
        { upsert: true },
      );
    }
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** This follower's turn is over (or never came): another holds the lease. */
class LeaseNotHeld extends Error {}

const asRow = ({ id, sortKey, row }: Placement): KeyedRow<StoredRow> => ({ id, sortKey, row });
