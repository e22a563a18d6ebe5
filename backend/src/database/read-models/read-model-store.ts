/**
 * The read-model kit (#38): everything a read model needs from the database, in one place, so
 * application code speaks of read models, owners and keys, never of a particular store.
 *
 * Why it looks like this. FerretDB 1.x (SQLite), the database `npm start` and every test use,
 * answers every `find` by scanning the collection: only an `_id` equality is handed down to
 * SQLite, and even that is evaluated row by row (its plan is `SCAN`, never the `_id` index; see
 * docs/performance.md, "Wallet read model"). So the cost of a read is the size of the collection
 * it reads, on FerretDB, and of the keys it touches, on MongoDB. The kit therefore gives each
 * owner (a creator, a brand) its own small collections, a *partition* (`rm.<model>.<owner>.<part>`),
 * and addresses documents inside them by `_id`:
 *
 * - `get` / `getMany`: point reads by `_id` (MongoDB: the `_id` index; FerretDB: a scan of the one
 *   owner's partition, never of everyone's data);
 * - `all`: a whole partition, for the bounded reads that have no key (say so where you use it);
 * - `applyOnce`: applies changes identified by their own id (a ledger `eventKey`, a deal's history
 *   entry) exactly once, whatever crashes or races: see `applyOnce` below;
 * - `KeyedRange` (keyed-range.ts): dense per-owner sequences stored in fixed-size blocks, so a page
 *   is one or two block keys computed from the page number, with no scan and no count query;
 * - `OpaqueCursor` (opaque-cursor.ts): page positions handed to clients, signed and bound to the
 *   owner, so a forged or foreign cursor is refused (400) and never reads another owner's data.
 *
 * A model keeps one `head` document per owner (its counters and totals: the one read a summary
 * needs), the `applied` markers of the changes it has taken, and any parts of its own.
 */
import type { mongo } from 'mongoose';
type Collection<T extends mongo.Document> = mongo.Collection<T>;
type Document = mongo.Document;

import { setTimeout as sleep } from 'node:timers/promises';
import { insertedFirst, isDuplicateKeysOnly, isDuplicateKeyError } from '../duplicate-key.js';

/** One owner's data of one read model. */
export interface ReadModelOwner {
  readonly model: string;
  readonly owner: string;
}

/** A document of a read model: addressed by a string `_id` inside its part. */
export interface KeyedDocument extends Document {
  readonly _id: string;
}

/** A document a change writes: `part` names the collection within the owner's partition. */
export interface ReadModelWrite {
  readonly part: string;
  readonly doc: KeyedDocument;
  /** `insert` when the document did not exist before this change (cheaper), else `replace`. */
  readonly mode: 'insert' | 'replace';
}

/** The head's state after the changes, and the documents they write. */
export interface AppliedChanges<State> {
  readonly state: State;
  readonly writes: readonly ReadModelWrite[];
}

/** A change taken by `applyOnce`: its identity, and whatever the model's plan needs. */
export interface IdentifiedChange {
  readonly id: string;
}

/** One step of a model's history: claimed by inserting it, so exactly one instance owns it. */
interface StepDocument<State> {
  _id: string;
  version: number;
  changeIds: readonly string[];
  state: State;
  writes: readonly ReadModelWrite[];
  claimedAt: Date;
  done?: boolean;
}

/** Where readers start: the latest step known done, and its state (a hint: never ahead). */
interface HeadDocument<State> {
  _id: 'head';
  version: number;
  state: State | null;
  updatedAt: Date | null;
}

/** The head as readers see it: the model's state (null before its first change) and its time. */
export interface ReadModelHead<State> {
  readonly state: State | null;
  readonly version: number;
  readonly updatedAt: Date | null;
  /** True while a step is being applied (its writes are on their way). */
  readonly applying: boolean;
}

const HEAD = 'head';
const APPLIED = 'applied';
const STEPS = 'steps';
const STEP_DIGITS = 12;
/**
 * A step claimed this long ago and not done is taken to be its owner's last (a crash): another
 * instance carries it out. Younger, it is waited for, so two instances never write the same
 * documents at once (FerretDB 1.x updates are not atomic compare-and-set).
 */
export const STEP_GRACE_MS = 5_000;
const WAIT_MS = 20;
const stepId = (version: number) => `step:${String(version).padStart(STEP_DIGITS, '0')}`;
/** Owner ids become collection names: anything else than these characters is refused. */
const SAFE_NAME = /^[\w-]{1,64}$/;

export class UnsafeOwnerError extends Error {
  constructor(owner: string) {
    super(`A read model's owner must match ${String(SAFE_NAME)}: ${JSON.stringify(owner)}`);
  }
}

/** A database, or how to get it once connected (a Mongoose connection has none before). */
export type DatabaseOf = mongo.Db | (() => mongo.Db);

/** The read models' store. Stateless: any number of instances may share one database. */
export class ReadModelStore {
  constructor(
    private readonly database: DatabaseOf,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private get db(): mongo.Db {
    return typeof this.database === 'function' ? this.database() : this.database;
  }

  /** The collection of one part of an owner's partition. */
  collection<T extends Document = KeyedDocument>(
    { model, owner }: ReadModelOwner,
    part: string,
  ): Collection<T> {
    if (!SAFE_NAME.test(owner) || !SAFE_NAME.test(model) || !SAFE_NAME.test(part))
      throw new UnsafeOwnerError(`${model}.${owner}.${part}`);
    return this.db.collection<T>(`rm.${model}.${owner}.${part}`);
  }

  /** Every part of an owner's partition that exists (for `drop` and for rebuilds). */
  async parts({ model, owner }: ReadModelOwner): Promise<string[]> {
    const prefix = `rm.${model}.${owner}.`;
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return collections
      .map(({ name }) => name)
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length));
  }

  /** The owners that have a head in a model (from the collection names: no document is read). */
  async owners(model: string): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    const pattern = new RegExp(`^rm\\.${model}\\.([\\w-]+)\\.${HEAD}$`);
    return collections.flatMap(({ name }) => pattern.exec(name)?.[1] ?? []);
  }

  async get<T extends KeyedDocument>(
    owner: ReadModelOwner,
    part: string,
    id: string,
  ): Promise<T | null> {
    const found = await this.collection(owner, part).findOne({ _id: id });
    return found as T | null;
  }

  /** Point reads of `ids`, in their order; missing documents are left out. */
  async getMany<T extends KeyedDocument>(
    owner: ReadModelOwner,
    part: string,
    ids: readonly string[],
  ): Promise<T[]> {
    const found = await Promise.all(ids.map((id) => this.get<T>(owner, part, id)));
    return found.filter((document): document is Awaited<T> => document !== null);
  }

  /** A whole part of one owner's partition: bounded by that owner's data, never everyone's. */
  async all<T extends KeyedDocument>(owner: ReadModelOwner, part: string): Promise<T[]> {
    return (await this.collection(owner, part).find({}).toArray()) as T[];
  }

  /** The latest state, from the head and the steps after it (normally two point reads). */
  async head<State>(owner: ReadModelOwner): Promise<ReadModelHead<State>> {
    const latest = await this.latest<State>(owner);
    return { ...latest, applying: latest.inFlight !== null };
  }

  /**
   * Applies each of `changes` not applied before, exactly once, one *step* per call:
   *
   * 1. the latest done step is found (the head, then the steps after it); a step in flight is
   *    waited for, or carried out when its owner is presumed dead (claimed > STEP_GRACE_MS ago);
   * 2. the changes whose `applied` marker exists are dropped (point reads, or one read of the
   *    owner's markers for a batch);
   * 3. `plan` computes the new state and the documents to write from the latest state;
   * 4. the step is *claimed* by inserting it (`step:<version>`, the plan inside) against the
   *    unique `_id`: the one write atomic on MongoDB and FerretDB alike. Losing the claim means
   *    another instance moved first: start again at 1;
   * 5. the step is carried out: its documents written (each with the step's version, never over a
   *    newer one), the markers inserted, the step marked done, then the head moved to it.
   *
   * A SIGKILL leaves either nothing (before 4) or a claimed step that the next call carries out;
   * carrying a step out twice writes the same documents. Two instances racing apply each change
   * once. Readers see the latest *done* step, so never a state whose lines are half written.
   * Answers how many changes this call applied.
   */
  async applyOnce<State, Change extends IdentifiedChange>(
    owner: ReadModelOwner,
    changes: readonly Change[],
    plan: (state: State | null, fresh: readonly Change[]) => Promise<AppliedChanges<State>>,
  ): Promise<number> {
    const steps = this.collection<StepDocument<State>>(owner, STEPS);
    for (;;) {
      const latest = await this.latest<State>(owner);
      if (latest.inFlight) {
        if (this.clock().getTime() - latest.inFlight.claimedAt.getTime() < STEP_GRACE_MS) {
          await sleep(WAIT_MS);
          continue;
        }
        await this.carryOut(owner, latest.inFlight);
        continue;
      }
      const fresh = await this.notApplied(owner, changes);
      if (fresh.length === 0) return 0;
      const { state, writes } = await plan(latest.state, fresh);
      const version = latest.version + 1;
      const step: StepDocument<State> = {
        _id: stepId(version),
        version,
        changeIds: fresh.map(({ id }) => id),
        state,
        writes: writes.map((write) => ({ ...write, doc: { ...write.doc, v: version } })),
        claimedAt: this.clock(),
      };
      if (!(await insertedFirst(() => steps.insertOne(step)))) continue;
      await this.carryOut(owner, step);
      return fresh.length;
    }
  }

  /** The latest done step's state, and the step in flight after it (if any). */
  private async latest<State>(owner: ReadModelOwner): Promise<{
    state: State | null;
    version: number;
    updatedAt: Date | null;
    inFlight: StepDocument<State> | null;
  }> {
    const head = await this.collection<HeadDocument<State>>(owner, HEAD).findOne({ _id: HEAD });
    let latest: { state: State | null; version: number; updatedAt: Date | null } = {
      state: head?.state ?? null,
      version: head?.version ?? 0,
      updatedAt: head?.updatedAt ?? null,
    };
    const steps = this.collection<StepDocument<State>>(owner, STEPS);
    for (;;) {
      const next = await steps.findOne({ _id: stepId(latest.version + 1) });
      if (!next) return { ...latest, inFlight: null };
      if (!next.done) return { ...latest, inFlight: next };
      latest = { state: next.state, version: next.version, updatedAt: next.claimedAt };
    }
  }
  /** Drops an owner's whole partition (a rebuild writes it again). */
  async drop(owner: ReadModelOwner): Promise<void> {
    for (const part of await this.parts(owner)) await this.collection(owner, part).drop();
  }

  private async notApplied<Change extends IdentifiedChange>(
    owner: ReadModelOwner,
    changes: readonly Change[],
  ): Promise<Change[]> {
    const markers = this.collection(owner, APPLIED);
    const ids = changes.map(({ id }) => id);
    const applied = new Set(
      ids.length === 1
        ? (await markers.findOne({ _id: ids[0] ?? '' }))
          ? ids
          : []
        : (await markers.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map(
            ({ _id }) => _id,
          ),
    );
    const seen = new Set<string>();
    return changes.filter(({ id }) => {
      if (applied.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }

  private async carryOut<State>(owner: ReadModelOwner, step: StepDocument<State>): Promise<void> {
    const byPart = new Map<string, ReadModelWrite[]>();
    for (const write of step.writes)
      byPart.set(write.part, [...(byPart.get(write.part) ?? []), write]);
    for (const [part, writes] of byPart) {
      const collection = this.collection(owner, part);
      const inserts = writes.filter(({ mode }) => mode === 'insert').map(({ doc }) => doc);
      await insertIgnoringDuplicates(collection, inserts);
      for (const { doc } of writes.filter(({ mode }) => mode === 'replace')) {
        // Never over a newer version: carrying out an old step again changes nothing.
        await collection
          .replaceOne({ _id: doc._id, v: { $lt: step.version } }, doc, { upsert: true })
          .catch((error: unknown) => {
            if (!isDuplicateKeyError(error)) throw error;
          });
      }
    }
    await insertIgnoringDuplicates(
      this.collection(owner, APPLIED),
      step.changeIds.map((id) => ({ _id: id })),
    );
    const steps = this.collection<StepDocument<State>>(owner, STEPS);
    // Done, and without its writes: readers scan this part, and a bulk step's writes are large.
    await steps.updateOne({ _id: step._id }, { $set: { done: true }, $unset: { writes: '' } });
    // Never back: carrying out an old step again leaves a newer head as it is.
    await this.collection<HeadDocument<State>>(owner, HEAD)
      .replaceOne(
        { _id: HEAD, version: { $lt: step.version } },
        { version: step.version, state: step.state, updatedAt: step.claimedAt },
        { upsert: true },
      )
      .catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
    // The steps before the previous one are history nobody reads again.
    if (step.version > 2) await steps.deleteOne({ _id: stepId(step.version - 2) });
  }
}

async function insertIgnoringDuplicates(
  collection: Collection<KeyedDocument>,
  documents: readonly KeyedDocument[],
): Promise<void> {
  if (documents.length === 0) return;
  try {
    await collection.insertMany([...documents], { ordered: false });
  } catch (error) {
    if (!isDuplicateKeysOnly(error)) throw error;
  }
}
