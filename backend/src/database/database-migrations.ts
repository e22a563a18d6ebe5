import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { insertedFirst } from './duplicate-key.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration, MigrationDb } from './migrations/migration.js';

/** Which migrations have run: `{ _id: id, appliedAt }`, one document each. */
export const MIGRATIONS_COLLECTION = 'schema_migrations';

/**
 * Runs the migrations in order — those not recorded yet, or all of them with `rerunRecorded` —
 * each recorded (with the moment it first ran) once it has run. Answers the ids it ran.
 */
export async function runMigrations(
  db: MigrationDb,
  migrations: readonly Migration[] = MIGRATIONS,
  { rerunRecorded = false }: { rerunRecorded?: boolean } = {},
): Promise<string[]> {
  const records = db.collection<{ _id: string; appliedAt: Date }>(MIGRATIONS_COLLECTION);
  const applied = new Set((await records.find({}).toArray()).map((record) => record._id));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id) && !rerunRecorded) continue;
    await migration.up(db);
    ran.push(migration.id);
    if (applied.has(migration.id)) continue;
    // Another instance may have recorded it first: one record either way.
    await insertedFirst(() => records.insertOne({ _id: migration.id, appliedAt: new Date() }));
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
   * Runs every migration, recorded or not: each is idempotent and cheap with nothing to do, and
   * data of an old shape can arrive after the start (a backup restored into a running system), so
   * each adapter calls this before its first write, as it builds its indexes.
   */
  async ensure(): Promise<void> {
    const db = this.connection.db;
    // Not connected yet: the same answer as any query now (503 DATABASE_UNAVAILABLE), tried again.
    if (!db)
      throw new mongoose.mongo.MongoNotConnectedError('The database connection is not open yet');
    await runMigrations(db, MIGRATIONS, { rerunRecorded: true });
  }

  onApplicationBootstrap(): void {
    const run = () => {
      const db = this.connection.db;
      if (!db) return;
      runMigrations(db).then(
        (ran) => {
          if (ran.length > 0) this.logger.log(`Database migrations run: ${ran.join(', ')}`);
        },
        (error: unknown) => {
          this.logger.warn(
            `Database migrations not run yet (${error instanceof Error ? error.name : 'unknown error'}); they run before the first write`,
          );
        },
      );
    };
    if (this.connection.readyState === mongoose.ConnectionStates.connected) run();
    else this.connection.once('open', run);
  }
}
