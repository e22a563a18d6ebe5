import type { Collection, Connection, mongo } from 'mongoose';
import { createCollectionsAndIndexes } from './collections-and-indexes.js';
import { insertedFirst } from './duplicate-key.js';
import { IndexesBeforeFirstWrite } from './indexes-before-first-write.js';

/** A claim: its `_id` names the one thing claimed ("<message>:<attempt>", "<deal>:<revision>"). */
export interface ClaimDocument {
  _id: string;
}

/** A schema class's fields as a plain document type (what an adapter writes: object literals). */
export type FieldsOf<T> = Pick<T, keyof T>;

/** A claim's outcome: won by this caller, or lost to the first claim (read back, if still there). */
export type ClaimOutcome<T> =
  { readonly won: true } | { readonly won: false; readonly first: T | undefined };

/** A claim collection: its name and its secondary indexes (`_id`, the claim's key, is unique). */
export interface ClaimCollection {
  readonly name: string;
  readonly indexes?: readonly mongo.IndexDescription[];
}

/**
 * The claim-once write of the house (ADR 0013's rule): a claim is an insert against the unique
 * `_id`, the one write that is atomic on every server the store runs on, so of racing callers
 * exactly one wins. Conditional updates and find-and-modify are never relied on for it (the
 * store's limits are in docs/development.md). The collection and its indexes are built before the
 * first claim. Claims go through the collection's driver with typed documents, the kit's one
 * exception to "through the model": a claim needs no casting or middleware, and a generic class
 * over Mongoose's `Model<T>` made TypeScript refuse unrelated model assignments elsewhere (seen
 * with mongoose 9.12's types). Adapters keep their own mapping to the domain.
 */
export class ClaimOnce<T extends ClaimDocument> {
  private readonly claims: Collection<T>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(connection: Connection, { name, indexes = [] }: ClaimCollection) {
    this.claims = connection.collection<T>(name);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(connection, [name], this.claims, indexes),
    );
  }

  /** The collection and its indexes, once per process, before the first claim. */
  ensureCollection(): Promise<void> {
    return this.indexes.ensure();
  }

  /** True for the one caller whose insert stored `claim`; false when another claimed it first. */
  async claim(claim: T): Promise<boolean> {
    await this.ensureCollection();
    return insertedFirst(() => this.claims.insertOne(claim as mongo.OptionalUnlessRequiredId<T>));
  }

  /** As {@link claim}, and a lost claim answers the first one as stored. */
  async claimOrFirst(claim: T): Promise<ClaimOutcome<T>> {
    if (await this.claim(claim)) return { won: true };
    return { won: false, first: await this.find(claim._id) };
  }

  async find(id: string): Promise<T | undefined> {
    const found = await this.claims.findOne(byId<T>(id));
    return (found as T | null) ?? undefined;
  }

  /** Whether a claim matches `filter`. */
  async exists(filter: mongo.Filter<T>): Promise<boolean> {
    return (await this.claims.countDocuments(filter, { limit: 1 })) > 0;
  }

  /** The claims matching `filter`, in `_id` order, `limit` at most. */
  async list(filter: mongo.Filter<T>, limit: number): Promise<T[]> {
    const found = await this.claims.find(filter).sort({ _id: 1 }).limit(limit).toArray();
    return found as T[];
  }

  /** Unsets `fields` of the claim `id` (erasing what a claim holds of a person). */
  async unset(id: string, fields: readonly (keyof T & string)[]): Promise<void> {
    const unset = Object.fromEntries(fields.map((field) => [field, '']));
    await this.claims.updateOne(byId<T>(id), { $unset: unset } as mongo.UpdateFilter<T>);
  }

  /** Removes the claims matching `filter` (released or pruned); answers how many. */
  async remove(filter: mongo.Filter<T>): Promise<number> {
    const { deletedCount } = await this.claims.deleteMany(filter);
    return deletedCount;
  }
}

function byId<T extends ClaimDocument>(id: string): mongo.Filter<T> {
  return { _id: id } as mongo.Filter<T>;
}

/** The claim collection a Mongoose model declares: its collection and its schema's indexes. */
export function claimCollectionOf(model: {
  readonly collection: { readonly collectionName: string };
  readonly schema: { indexes(): [object, object][] };
}): ClaimCollection {
  return {
    name: model.collection.collectionName,
    indexes: model.schema.indexes().map(([key, options]) => ({
      ...(options as Omit<mongo.IndexDescription, 'key'>),
      key: key as mongo.IndexDescription['key'],
    })),
  };
}
