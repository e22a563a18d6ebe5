import { Logger } from '@nestjs/common';
import mongoose, { type Connection, Schema } from 'mongoose';
import { FerretDbProcess } from '../../test/support/ferretdb-process.js';
import { testDatabaseUri } from '../../test/support/test-database.js';
import { testConfig, waitForDatabase } from '../../test/support/create-test-app.js';
import { DatabaseConnectionSupervisor } from './database-connection.supervisor.js';
import { isDatabaseUnavailableError } from './database-unavailable.js';

const probeSchema = new Schema({ key: String });
probeSchema.index({ key: 1 }, { unique: true });

async function errorOf(operation: Promise<unknown>): Promise<unknown> {
  try {
    await operation;
  } catch (error) {
    return error;
  }
  throw new Error('expected the operation to fail');
}

function superviseConnection(uri: string): {
  connection: Connection;
  supervisor: DatabaseConnectionSupervisor;
} {
  mongoose.set('bufferCommands', false);
  const connection = mongoose.createConnection();
  const supervisor = new DatabaseConnectionSupervisor(connection, testConfig({ MONGODB_URI: uri }));
  supervisor.onApplicationBootstrap();
  return { connection, supervisor };
}

describe('the supervised database connection', () => {
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  it('opens against the real database, builds indexes and enforces them', async () => {
    const { connection, supervisor } = superviseConnection(testDatabaseUri('int'));
    try {
      const Probe = connection.model('Probe', probeSchema);
      await waitForDatabase(connection);
      await connection.dropDatabase();
      await Probe.init(); // autoIndex: the unique index exists, not just in the schema
      // What the API writes is acknowledged by a majority (FerretDB accepts and ignores it).
      expect(connection.getClient().options.writeConcern).toMatchObject({ w: 'majority' });
      await Probe.create({ key: 'once' });
      const duplicate = await errorOf(Probe.create({ key: 'once' }));
      expect(duplicate).toMatchObject({ code: 11000 });
      expect(isDatabaseUnavailableError(duplicate)).toBe(false);
      await connection.dropDatabase();
    } finally {
      await supervisor.onApplicationShutdown();
    }
  });

  it('fails operations fast, as "database unavailable", before the first connection', async () => {
    const ferret = await FerretDbProcess.onFreePort(); // nothing listens there yet
    const { connection, supervisor } = superviseConnection(ferret.uri('paylock_int_test'));
    try {
      const Probe = connection.model('Probe', probeSchema);
      const startedAt = Date.now();
      const error = await errorOf(Probe.findOne({ key: 'x' }).exec());
      expect(Date.now() - startedAt).toBeLessThan(500); // not buffered until a timeout
      expect(isDatabaseUnavailableError(error)).toBe(true);
    } finally {
      await supervisor.onApplicationShutdown();
      await ferret.destroy();
    }
  });

  it('connects once the database appears, and classifies errors while it is gone again', async () => {
    const ferret = await FerretDbProcess.onFreePort();
    const { connection, supervisor } = superviseConnection(ferret.uri('paylock_int_test'));
    try {
      const Probe = connection.model('Probe', probeSchema);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // the first attempt has failed
      expect(connection.readyState).not.toBe(1);

      await ferret.start();
      await waitForDatabase(connection, 10_000);
      await Probe.create({ key: 'before-outage' });

      await ferret.stop();
      const startedAt = Date.now();
      const error = await errorOf(Probe.findOne({ key: 'before-outage' }).exec());
      expect(Date.now() - startedAt).toBeLessThan(3000); // serverSelectionTimeoutMS is 2 s
      expect(isDatabaseUnavailableError(error)).toBe(true);
      // A bulk insert wraps the same failure in a MongoBulkWriteError: still unavailable, not a 500.
      const bulkError = await errorOf(
        Probe.collection.insertMany([{ key: 'a' }, { key: 'b' }], { ordered: false }),
      );
      expect(bulkError).toBeInstanceOf(mongoose.mongo.MongoBulkWriteError);
      expect(isDatabaseUnavailableError(bulkError)).toBe(true);
    } finally {
      await supervisor.onApplicationShutdown();
      await ferret.destroy();
    }
  });
});
