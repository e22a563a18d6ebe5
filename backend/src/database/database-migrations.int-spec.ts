import mongoose from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../test/support/int-database.js';
import { DatabaseMigrations, MIGRATIONS_COLLECTION, runMigrations } from './database-migrations.js';
import { isDatabaseUnavailableError } from './database-unavailable.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

const NOW = new Date('2026-11-20T10:00:00.000Z');

/** An entry as stored before confirmations existed: a seat on the entry, no status. */
const legacyEntry = (index: number) => ({
  _id: new mongoose.Types.ObjectId(),
  fullName: `Creator ${index}`,
  email: `creator${index}@example.com`,
  phone: `900000000${index}`,
  instagramHandle: `creator_${index}`,
  userType: 'brand',
  seat: index,
  privacyNoticeVersion: '2026-11-01',
  consentedAt: NOW,
});

describe('database migrations', () => {
  const connection = databaseEmptiedBeforeEachTest();
  const db = () => {
    const open = connection().db;
    if (!open) throw new Error('not connected');
    return open;
  };

  const seedLegacyData = async () => {
    const entries = db().collection('waitlist_entries');
    await entries.createIndexes([{ key: { seat: 1 }, unique: true, name: 'seat_unique' }]);
    const stored = [legacyEntry(1), legacyEntry(2)];
    await entries.insertMany(stored);
    return stored;
  };

  it('bring data of the time before confirmations to today’s shape, each recorded once', async () => {
    const [first, second] = await seedLegacyData();
    expect(await runMigrations(db())).toEqual(MIGRATIONS.map(({ id }) => id));

    const indexes = await db().collection('waitlist_entries').indexes();
    expect(indexes.map(({ name }) => name)).not.toContain('seat_unique');
    const seats = await db().collection('waitlist_seats').find({}).sort({ _id: 1 }).toArray();
    expect(seats).toEqual([
      { _id: 1, entryId: first?._id, claimedAt: NOW },
      { _id: 2, entryId: second?._id, claimedAt: NOW },
    ]);
    const recorded = await db().collection(MIGRATIONS_COLLECTION).find({}).toArray();
    expect(recorded.map(({ _id }) => _id)).toEqual(MIGRATIONS.map(({ id }) => id));
  });

  it('run nothing again once recorded, and change nothing when run again unrecorded', async () => {
    await seedLegacyData();
    await runMigrations(db());
    expect(await runMigrations(db())).toEqual([]);

    await db().collection(MIGRATIONS_COLLECTION).deleteMany({});
    expect(await runMigrations(db())).toEqual(MIGRATIONS.map(({ id }) => id));
    expect(await db().collection('waitlist_seats').countDocuments()).toBe(2);
  });

  it('are run once however many instances start together', async () => {
    await seedLegacyData();
    const instances = [1, 2, 3].map(() => new DatabaseMigrations(connection()));
    await Promise.all(instances.map((instance) => instance.ensure()));
    expect(await db().collection('waitlist_seats').countDocuments()).toBe(2);
    expect(await db().collection(MIGRATIONS_COLLECTION).countDocuments()).toBe(MIGRATIONS.length);
  });

  it('find nothing to do on an empty database', async () => {
    expect(await runMigrations(db())).toEqual(MIGRATIONS.map(({ id }) => id));
    expect(await db().collection('waitlist_seats').countDocuments()).toBe(0);
  });

  it('stop at a failing migration, leaving it unrecorded for the next run', async () => {
    const failing: Migration = {
      id: '9999-fails',
      up: () => Promise.reject(new Error('interrupted')),
    };
    await expect(runMigrations(db(), [...MIGRATIONS, failing])).rejects.toThrow('interrupted');
    const recorded = await db().collection(MIGRATIONS_COLLECTION).find({}).toArray();
    expect(recorded.map(({ _id }) => _id)).toEqual(MIGRATIONS.map(({ id }) => id));
  });
});

describe('database migrations before the connection is open', () => {
  it('fail as the database being unavailable (503), to be tried again', async () => {
    const unopened = mongoose.createConnection();
    const migrations = new DatabaseMigrations(unopened);
    const failure: unknown = await migrations.ensure().catch((error: unknown) => error);
    expect(isDatabaseUnavailableError(failure)).toBe(true);
  });
});
