import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { type Collection, type Connection } from 'mongoose';

const NAMESPACE_EXISTS = 48;
const INDEX_ATTEMPTS = 3;
const INDEX_RETRY_DELAY_MS = 200;

/**
 * Creates the collections (one that exists already is fine), then the indexes of `indexed`, one
 * per command: FerretDB 1.x drops the connection when two connections build several indexes of
 * the same new collection in one command. Three attempts in all, 200 ms and 400 ms apart.
 */
export async function createCollectionsAndIndexes(
  connection: Connection,
  collections: readonly string[],
  indexed: Pick<Collection, 'createIndexes'>,
  indexes: readonly mongoose.mongo.IndexDescription[],
): Promise<void> {
  // Mongoose's createCollection on a connection never opened fails with a TypeError (no `db`
  // yet): say what it is, so the request is answered 503 rather than 500.
  if (!connectionOpen(connection)) {
    throw new mongoose.mongo.MongoNotConnectedError('The database connection is not open');
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      for (const name of collections) {
        await connection.createCollection(name).catch((error: unknown) => {
          if ((error as { code?: unknown } | null)?.code !== NAMESPACE_EXISTS) throw error;
        });
      }
      for (const index of indexes) await indexed.createIndexes([index]);
      return;
    } catch (error) {
      if (attempt >= INDEX_ATTEMPTS) throw error;
      await sleep(INDEX_RETRY_DELAY_MS * attempt);
    }
  }
}

function connectionOpen(connection: Connection): boolean {
  return connection.readyState === mongoose.ConnectionStates.connected;
}
