import mongoose, { type Connection } from 'mongoose';
import { testDatabaseUri } from './test-database.js';

/**
 * An integration spec's own connection to this Jest worker's `int` database, emptied before each
 * test and dropped after the file. Call it at the top of a `describe`; the answer gives the
 * connection inside hooks and tests.
 */
export function databaseEmptiedBeforeEachTest(): () => Connection {
  let connection: Connection | undefined;
  beforeAll(async () => {
    mongoose.set('bufferCommands', false);
    connection = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
  });
  beforeEach(async () => {
    await connection?.dropDatabase();
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });
  return () => {
    if (!connection) throw new Error('the database is not connected yet');
    return connection;
  };
}
