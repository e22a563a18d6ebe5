import { setTimeout as sleep } from 'node:timers/promises';
import type { Collection, Connection, mongo } from 'mongoose';

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
  indexes: readonly mongo.IndexDescription[],
): Promise<void> {
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
