import type { Connection, mongo } from 'mongoose';
import { databaseOf } from './declared-model.js';

/**
 * Collections of one shape named at run time by a key, `<base>_<key>` (an hour, a day: buckets a
 * feature opens as it needs them), which no schema can declare and whose number is not fixed (for
 * a fixed number of partitions, see `partitionedCollections`). Typed, on the connection's
 * database once it is open.
 */
export class CollectionFamily<T extends mongo.Document> {
  private readonly db: () => mongo.Db;

  constructor(
    connection: Connection,
    private readonly base: string,
  ) {
    this.db = databaseOf(connection);
  }

  /** The name of the family's collection for `key`. */
  nameOf(key: string): string {
    return `${this.base}_${key}`;
  }

  /** The family's collection for `key` (created by its first write). */
  of(key: string): mongo.Collection<T> {
    return this.db().collection<T>(this.nameOf(key));
  }
}
