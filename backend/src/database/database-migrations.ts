import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { isDuplicateKeyError } from './duplicate-key.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration, MigrationDb } from './migrations/migration.js';

/** Which migrations have run: `{ _id: id, appliedAt }`, one document each. */
export const MIGRATIONS_COLLECTION = 'schema_migrations';

/** Runs the migrations not recorded yet, in order, each recorded once it has run. */
export async function runMigrations(
  db: MigrationDb,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const records = db.collection<{ _id: string; appliedAt: Date }>(MIGRATIONS_COLLECTION);
  const applied = new Set((await records.find({}).toArray()).map((record) => record._id));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    await migration.up(db);
    try {
      await records.insertOne({ _id: migration.id, appliedAt: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error; // another instance recorded it first
    }
    ran.push(migration.id);
  }
  return ran;
}

/**
 * The numbered, idempotent migrations of database/migrations/, run once the connection is open
 * (the supervisor opens it at bootstrap, retrying until the database answers). Adapters whose
 * work depends on today's shape await {@link ensure} before their first write, as they await
 * their indexes: a failed run (the database went away) is tried again then.
 */
@Injectable()
export class DatabaseMigrations implements OnApplicationBootstrap {
  private readonly logger = new Logger(DatabaseMigrations.name);
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /**
   * Runs what is not recorded yet. Cheap once all have run (one read of the records), so each
   * adapter calls it before its first write, as it builds its indexes: a database emptied or
   * restored since the start is brought to today's shape again.
   */
  async ensure(): Promise<void> {
    const db = this.connection.db;
    // Not connected yet: the same answer as any query now (503 DATABASE_UNAVAILABLE), tried again.
    if (!db)
      throw new mongoose.mongo.MongoNotConnectedError('The database connection is not open yet');
    const ran = await runMigrations(db);
    if (ran.length > 0) this.logger.log(`Database migrations run: ${ran.join(', ')}`);
  }

  onApplicationBootstrap(): void {
    const run = () => {
      this.ensure().catch((error: unknown) => {
        this.logger.warn(
          `Database migrations not run yet (${error instanceof Error ? error.name : 'unknown error'}); they run before the first write`,
        );
      });
    };
    if (this.connection.readyState === mongoose.ConnectionStates.connected) run();
    else this.connection.once('open', run);
  }
}
