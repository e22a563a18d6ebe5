import {
  type Connection,
  type Model,
  type mongo,
  type QueryFilter,
  Schema,
  type SchemaDefinition,
} from 'mongoose';
import { createCollectionsAndIndexes } from './collections-and-indexes.js';
import { insertedFirst } from './duplicate-key.js';
import { IndexesBeforeFirstWrite } from './indexes-before-first-write.js';

/** A claim: its `_id` names the one thing claimed ("<message>:<attempt>", "<deal>:<revision>"). */
export interface ClaimDocument {
  _id: string;
}

/** A claim's outcome: won by this caller, or lost to the first claim (read back, if still there). */
export type ClaimOutcome<T> =
  { readonly won: true } | { readonly won: false; readonly first: T | undefined };

/**
 * A claim collection's schema: `_id` is the claim's key (a string, unique by nature); the
 * collection and its indexes are built by {@link ClaimOnce} before its first insert, so the
 * schema neither creates nor indexes anything by itself. `minimize: false` keeps empty objects
 * of a claim's payload (a claim may carry the whole document it decided).
 */
export function claimSchema<T extends ClaimDocument>(
  collection: string,
  definition: SchemaDefinition<Omit<T, '_id'>>,
): Schema<T> {
  return new Schema<T>(
    { _id: { type: String, required: true }, ...definition } as SchemaDefinition<T>,
    { collection, versionKey: false, autoIndex: false, autoCreate: false, minimize: false },
  );
}

/** The model of `schema` on `connection`, compiled once per connection. */
export function modelOf<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

/** The schema's declared indexes as the driver describes them. */
function indexesOf(schema: Schema): mongo.IndexDescription[] {
  return schema.indexes().map(([key, options]) => ({
    key: key as mongo.IndexDescription['key'],
    ...(options as Omit<mongo.IndexDescription, 'key'>),
  }));
}

/**
 * The claim-once write of the house (ADR 0013's rule): a claim is an insert against the unique
 * `_id`, the one write that is atomic on every server the store runs on, so of racing callers
 * exactly one wins. Conditional updates and find-and-modify are not relied on for it (the store's
 * limits are in docs/development.md). Adapters keep their own mapping to the domain; this kit
 * only stores, reads back, releases and prunes claims.
 */
export class ClaimOnce<T extends ClaimDocument> {
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(readonly model: Model<T>) {
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        model.db,
        [model.collection.collectionName],
        model.collection,
        indexesOf(model.schema),
      ),
    );
  }

  /** A claim collection of its own: `claimSchema(collection, definition)` on `connection`. */
  static on<T extends ClaimDocument>(
    connection: Connection,
    name: string,
    schema: Schema<T>,
  ): ClaimOnce<T> {
    return new ClaimOnce(modelOf(connection, name, schema));
  }

  /** The collection and its indexes, once per process, before the first claim. */
  ensureCollection(): Promise<void> {
    return this.indexes.ensure();
  }

  /** True for the one caller whose insert stored `claim`; false when another claimed it first. */
  async claim(claim: T): Promise<boolean> {
    await this.ensureCollection();
    return insertedFirst(() => this.model.create(claim));
  }

  /** As {@link claim}, and a lost claim answers the first one as stored. */
  async claimOrFirst(claim: T): Promise<ClaimOutcome<T>> {
    if (await this.claim(claim)) return { won: true };
    return { won: false, first: await this.find(claim._id) };
  }

  async find(id: string): Promise<T | undefined> {
    const found = await this.model
      .findOne({ _id: id } as QueryFilter<T>)
      .lean<T>()
      .exec();
    return found ?? undefined;
  }

  /** Removes the claims matching `filter` (released or pruned); answers how many. */
  async remove(filter: QueryFilter<T>): Promise<number> {
    const { deletedCount } = await this.model.deleteMany(filter).exec();
    return deletedCount;
  }
}
