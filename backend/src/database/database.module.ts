import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import { DatabaseReady } from '../common/application/database-ready.js';
import { DatabaseConnectionSupervisor } from './database-connection.supervisor.js';
import { DatabaseMigrations } from './database-migrations.js';

/** Fail fast instead of queueing operations while disconnected: a down database is a quick 503. */
function createUnopenedConnection(): mongoose.Connection {
  mongoose.set('bufferCommands', false);
  mongoose.set('autoIndex', true);
  return mongoose.createConnection();
}

/**
 * Provides the Mongoose connection under @nestjs/mongoose's token, so feature modules keep using
 * `MongooseModule.forFeature()` and `@InjectModel()`. Unlike `MongooseModule.forRoot()`, creating
 * it never waits for (or even attempts) a connection: the supervisor opens it once the app
 * bootstraps, which also keeps the OpenAPI export free of any database.
 */
@Global()
@Module({
  providers: [
    { provide: getConnectionToken(), useFactory: createUnopenedConnection },
    DatabaseConnectionSupervisor,
    { provide: DatabaseReady, useExisting: DatabaseConnectionSupervisor },
    DatabaseMigrations,
  ],
  exports: [getConnectionToken(), DatabaseReady, DatabaseMigrations],
})
export class DatabaseModule {}
