import type { Connection, mongo } from 'mongoose';
import { databaseOf } from '../../../database/declared-model.js';
import {
  KeyedPages,
  type KeyedRow,
  partitionedCollections,
  partitionOf,
} from '../../../database/keyed-pages.js';
import {
  type FollowerCollections,
  followerCollectionsOn,
  type FollowerJournal,
  type FollowerOptions,
  groupBy,
  JournaledFollower,
  readModelCollection,
  recordChanges,
} from '../../../database/read-models/index.js';
import {
  countInto,
  type CreatorCounters,
  type DealListSnapshot,
  emptyCounters,
  type Placement,
  placementsOf,
  type StoredRow,
} from './deal-list-snapshot.js';

export type { FollowerOptions } from '../../../database/read-models/index.js';

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

export const changeIdOf = (dealId: string, revision: number) => `${dealId}:${String(revision)}`;

/** The read model's collections on one database. */
export class DealListsStore {
  readonly lists: KeyedPages<StoredRow>;
  readonly counters: mongo.Collection<CountersDocument>;
  private readonly projectionPartitions: mongo.Collection<ProjectionDocument>[];
  /** The follower's: the recorded changes, its journal and lease windows. */
  readonly follower: FollowerCollections<ChangeDocument>;

  /** On an open connection (the read model's collections are named on its database). */
  constructor(connection: Connection) {
    const db = databaseOf(connection)();
    this.lists = new KeyedPages<StoredRow>(db, DEAL_LISTS, { partitions: PARTITIONS });
    this.counters = readModelCollection(db, DEAL_LIST_COUNTERS);
    this.projectionPartitions = partitionedCollections(db, DEAL_LIST_PROJECTIONS, PARTITIONS);
    this.follower = followerCollectionsOn(db, {
      changes: DEAL_LIST_CHANGES,
      state: DEAL_LIST_STATE,
    });
  }

  get changes(): mongo.Collection<ChangeDocument> {
    return this.follower.changes;
  }

  get journal(): mongo.Collection<FollowerJournal> {
    return this.follower.journal;
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
    await recordChanges(
      this.follower,
      snapshots.map((snapshot) => ({
        _id: changeIdOf(snapshot.dealId, snapshot.revision),
        dealId: snapshot.dealId,
        revision: snapshot.revision,
        snapshot: JSON.stringify(snapshot),
      })),
    );
  }
}

/** A deal's move in the lists: its previous snapshot (null: new to them) and its next. */
type Move = [DealListSnapshot | null, DealListSnapshot];

/**
 * Applies the deals' recorded changes to the lists, counters and projections: the kit's
 * journaled follower (one at a time under a lease, each batch journaled before it is applied, a
 * killed follower's journal finished by the next). A change older than the projection (a replay,
 * or overtaken) is dropped unapplied.
 */
export class DealListsFollower extends JournaledFollower<ChangeDocument, Move> {
  constructor(
    readonly store: DealListsStore,
    options: FollowerOptions = {},
  ) {
    super(store.follower, 'deal-lists', options);
  }

  protected async plan(changes: readonly ChangeDocument[]): Promise<Move[]> {
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
    return moves;
  }

  protected async applyMoves(journalId: string, moves: readonly Move[]): Promise<void> {
    await this.applyToLists(moves);
    await this.applyToCounters(journalId, moves);
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

const asRow = ({ id, sortKey, row }: Placement): KeyedRow<StoredRow> => ({ id, sortKey, row });
