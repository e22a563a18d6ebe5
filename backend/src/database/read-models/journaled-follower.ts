/**
 * A journaled follower (#38): applies changes recorded by writers to a read model, claim-once, on
 * any MongoDB-compatible store (FerretDB 1.x has no transactions and no atomic conditional
 * update):
 *
 * - one follower works at a time (a {@link WindowLease}); others wait for the next window;
 * - a batch of changes is first planned into moves and written as the journal (one document,
 *   `_id: 'journal'`), then applied by the model (`applyMoves`: each step idempotent), then its
 *   changes and the journal are deleted. A follower killed at any point leaves the journal;
 *   whoever holds the lease next finishes it before anything else, so no change is applied twice
 *   or lost (a model's counters remember the last journal they hold: a redo adds nothing).
 *
 * The read models' collections are named by the model (and spread over partitions), so they have
 * no Mongoose schema: the kit hands them out typed (`readModelCollection`), and features never
 * reach the driver themselves.
 */
import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { insertAllOnce, WindowLease } from '../window-lease.js';

/** A change a writer recorded: its id makes recording it twice one change. */
export interface RecordedChange {
  _id: string;
}

/** The batch under way: its id, the changes it takes, its moves (JSON). */
export interface FollowerJournal {
  _id: string;
  id: string;
  changes: string[];
  moves: string;
}

interface LeaseDocument {
  _id: string;
  holder: string;
  at: Date;
}

/** The collections a follower keeps its work in: the recorded changes, its journal and leases. */
export interface FollowerCollections<Change extends RecordedChange> {
  readonly changes: mongo.Collection<Change>;
  readonly journal: mongo.Collection<FollowerJournal>;
  readonly leases: mongo.Collection<LeaseDocument>;
}

/** A read model's collection by name (see the comment above: read models have no schema). */
export function readModelCollection<T extends mongo.Document>(
  db: mongo.Db,
  name: string,
): mongo.Collection<T> {
  return db.collection<T>(name);
}

/** A follower's collections: `changes`, and `state` holding its journal and lease windows. */
export function followerCollectionsOn<Change extends RecordedChange>(
  db: mongo.Db,
  names: { readonly changes: string; readonly state: string },
): FollowerCollections<Change> {
  return {
    changes: db.collection<Change>(names.changes),
    journal: db.collection<FollowerJournal>(names.state),
    leases: db.collection<LeaseDocument>(names.state),
  };
}

/** Records changes for the follower: an idempotent bulk insert. */
export function recordChanges<Change extends RecordedChange>(
  collections: FollowerCollections<Change>,
  changes: readonly Change[],
): Promise<void> {
  return insertAllOnce(collections.changes, changes);
}

export interface FollowerOptions {
  readonly batchSize?: number;
  readonly leaseMs?: number;
}

/** This follower's turn is over (or never came): another holds the lease. */
export class LeaseNotHeld extends Error {}

const JOURNAL = 'journal';

export abstract class JournaledFollower<Change extends RecordedChange, Move> {
  readonly lease: WindowLease;
  private readonly batchSize: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly collections: FollowerCollections<Change>,
    name: string,
    options: FollowerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.lease = new WindowLease(collections.leases, name, options.leaseMs ?? 4_000);
  }

  /** The moves a batch of changes makes (reading what it needs); none: the changes are dropped. */
  protected abstract plan(changes: readonly Change[]): Promise<Move[]>;

  /**
   * Applies a journal's moves to the model; every step may run again with the same result, and
   * each write is preceded by {@link holdLease}.
   */
  protected abstract applyMoves(journalId: string, moves: readonly Move[]): Promise<void>;

  /** Applies what is pending, after whatever this process is applying now. Returns how many. */
  drain(options: { wait?: boolean } = {}): Promise<number> {
    const run = this.queue.then(() => this.run(options.wait ?? false));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Before each write: still this follower's turn (the journal lets another finish the rest). */
  async holdLease(): Promise<void> {
    if ((await this.lease.acquire()) === 0) throw new LeaseNotHeld();
  }

  private async run(wait: boolean): Promise<number> {
    let applied = 0;
    for (;;) {
      try {
        // Looking costs no lease: an idle follower holds none, so a rebuild can take it.
        if (!(await this.hasWork())) return applied;
        await this.holdLease();
        // Read again under the lease: another holder may have moved on meanwhile.
        const journal = await this.collections.journal.findOne({ _id: JOURNAL });
        if (journal) {
          await this.finish(journal);
          continue;
        }
        const changes = (await this.collections.changes
          .find({})
          .limit(this.batchSize)
          .toArray()) as Change[];
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
    const journal = await this.collections.journal.findOne(
      { _id: JOURNAL },
      { projection: { _id: 1 } },
    );
    return (
      journal !== null ||
      (await this.collections.changes.findOne({}, { projection: { _id: 1 } })) !== null
    );
  }

  private async apply(changes: readonly Change[]): Promise<number> {
    const moves = await this.plan(changes);
    const journal: FollowerJournal = {
      _id: JOURNAL,
      id: randomUUID(),
      changes: changes.map((change) => change._id),
      moves: JSON.stringify(moves),
    };
    await this.holdLease();
    await this.collections.journal.replaceOne({ _id: JOURNAL }, journal, { upsert: true });
    await this.finish(journal);
    return moves.length;
  }

  private async finish(journal: FollowerJournal): Promise<void> {
    await this.applyMoves(journal.id, JSON.parse(journal.moves) as Move[]);
    await this.collections.changes.deleteMany({
      _id: { $in: journal.changes },
    } as mongo.Filter<Change>);
    await this.collections.journal.deleteOne({ _id: JOURNAL });
  }
}

/** `items` grouped by `keyOf`, in first-seen order. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
