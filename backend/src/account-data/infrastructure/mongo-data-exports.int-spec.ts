import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { dataExportExpiry, type ReadyDataExport } from '../domain/data-export.js';
import {
  CHUNK_BYTES,
  DATA_EXPORT_CHUNKS_COLLECTION,
  DataExportAttemptRecord,
  DataExportAttemptSchema,
  DataExportChunkRecord,
  DataExportChunkSchema,
  DataExportLatestRecord,
  DataExportLatestSchema,
  DataExportQueueRecord,
  DataExportQueueSchema,
  DataExportRecord,
  DataExportSchema,
  MongoDataExports,
} from './mongo-data-exports.js';

const AT = new Date('2026-11-28T10:00:00.000Z');

function present<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

function storeOn(connection: Connection): MongoDataExports {
  const model = <T>(name: string, schema: mongoose.Schema<T>) =>
    connection.models[name] ?? connection.model<T>(name, schema);
  return new MongoDataExports(
    model(
      DataExportQueueRecord.name,
      DataExportQueueSchema,
    ) as mongoose.Model<DataExportQueueRecord>,
    model(
      DataExportAttemptRecord.name,
      DataExportAttemptSchema,
    ) as mongoose.Model<DataExportAttemptRecord>,
    model(DataExportRecord.name, DataExportSchema) as mongoose.Model<DataExportRecord>,
    model(
      DataExportChunkRecord.name,
      DataExportChunkSchema,
    ) as mongoose.Model<DataExportChunkRecord>,
    model(
      DataExportLatestRecord.name,
      DataExportLatestSchema,
    ) as mongoose.Model<DataExportLatestRecord>,
  );
}

function readyExport(id: string, accountId: string, sizeBytes: number): ReadyDataExport {
  return {
    id,
    accountId,
    requestedAt: AT,
    readyAt: AT,
    expiresAt: dataExportExpiry(AT),
    sizeBytes,
  };
}

describe('data exports store, claim-once over two connections (FerretDB)', () => {
  const database = databaseEmptiedBeforeEachTest();
  let other: Connection;

  beforeAll(async () => {
    other = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
  });
  afterAll(async () => {
    await other.close();
  });

  const pieces = () => database().collection(DATA_EXPORT_CHUNKS_COLLECTION).countDocuments();

  it('queues one export per account however many ask at once', async () => {
    const [one, two] = [storeOn(database()), storeOn(other)];
    const asked = await Promise.all(
      ['e-1', 'e-2', 'e-3', 'e-4'].map((id, n) =>
        (n % 2 === 0 ? one : two).enqueue({
          id,
          accountId: 'asha',
          sessionId: 's',
          requestedAt: AT,
        }),
      ),
    );
    expect(new Set(asked.map(({ id }) => id)).size).toBe(1);
    expect(await one.queued(10)).toEqual([expect.objectContaining({ id: asked[0]?.id })]);
  });

  it('stores a many-piece archive once when two attempts race, and reads it back whole', async () => {
    const [one, two] = [storeOn(database()), storeOn(other)];
    const archives = [
      randomBytes(2 * CHUNK_BYTES + 17),
      randomBytes(2 * CHUNK_BYTES + 17),
    ] as const;
    expect(await one.claimAttempt('e-1', 1)).toBe(true);
    expect(await two.claimAttempt('e-1', 1)).toBe(false);
    expect(await two.claimAttempt('e-1', 2)).toBe(true);

    const won = await Promise.all([
      one.storeReady(readyExport('e-1', 'asha', archives[0].byteLength), '1', archives[0]),
      two.storeReady(readyExport('e-1', 'asha', archives[1].byteLength), '2', archives[1]),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won[0] ? archives[0] : archives[1];
    const ready = present(await one.readyById('e-1'));
    expect(Buffer.from(present(await two.archiveOf(ready))).equals(winner)).toBe(true);
    expect(await pieces()).toBe(3);

    await one.makeLatest(ready);
    await one.dequeue({ id: 'e-1', accountId: 'asha', sessionId: 's', requestedAt: AT });
    expect((await two.latestReadyOf('asha'))?.id).toBe('e-1');
    expect(await pieces()).toBe(3);
  });

  it('removes the pieces an attempt killed half-way left, once the export is done', async () => {
    const store = storeOn(database());
    await store.enqueue({ id: 'e-1', accountId: 'asha', sessionId: 's', requestedAt: AT });
    await store.claimAttempt('e-1', 1);
    // The dead attempt wrote its count and a first piece, then stopped.
    await database()
      .collection('account_data_export_attempts')
      .updateOne({ _id: 'e-1:1' as never }, { $set: { chunks: 2 } });
    await database()
      .collection(DATA_EXPORT_CHUNKS_COLLECTION)
      .insertOne({ _id: 'e-1:1:0' as never, bytes: Buffer.from('half') });
    await store.claimAttempt('e-1', 2);
    const archive = randomBytes(100);
    expect(await store.storeReady(readyExport('e-1', 'asha', 100), '2', archive)).toBe(true);
    await store.dequeue({ id: 'e-1', accountId: 'asha', sessionId: 's', requestedAt: AT });

    expect(await pieces()).toBe(1);
    expect(await store.pendingOf('asha')).toBeUndefined();
  });

  it('a newer copy replaces the latest; expired copies and an erased account’s go whole', async () => {
    const store = storeOn(database());
    for (const id of ['e-1', 'e-2']) {
      await store.claimAttempt(id, 1);
      await store.storeReady(readyExport(id, 'asha', 10), '1', randomBytes(10));
      await store.makeLatest(present(await store.readyById(id)));
    }
    expect(await store.readyById('e-1')).toBeUndefined();
    expect(await pieces()).toBe(1);

    await store.claimAttempt('e-3', 1);
    await store.storeReady(readyExport('e-3', 'ravi', 10), '1', randomBytes(10));
    await store.makeLatest(present(await store.readyById('e-3')));
    expect(await store.removeExpired(dataExportExpiry(AT), 10)).toBe(2);
    expect(await store.latestReadyOf('ravi')).toBeUndefined();
    expect(await pieces()).toBe(0);

    await store.enqueue({ id: 'e-4', accountId: 'asha', sessionId: 's', requestedAt: AT });
    await store.claimAttempt('e-4', 1);
    await store.storeReady(readyExport('e-4', 'asha', 10), '1', randomBytes(10));
    await store.eraseOf('asha');
    const left = await Promise.all(
      (await present(database().db).listCollections().toArray()).map(({ name }) =>
        database().collection(name).countDocuments(),
      ),
    );
    expect(left.reduce((sum, count) => sum + count, 0)).toBe(0);
  });
});
