import mongoose, { type Connection, type Model } from 'mongoose';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import { DatabaseMigrations } from '../../../../database/database-migrations.js';
import { modelOn } from '../../../../../test/support/model-on.js';
import { MongoWaitlistSeats } from './mongo-waitlist-seats.js';
import { WaitlistSeatRecord, WaitlistSeatSchema } from './waitlist-seat.schema.js';
import {
  WAITLIST_ENTRY_MODEL,
  type WaitlistEntryRecord,
  waitlistEntrySchema,
} from './waitlist-entry.schema.js';

const NOW = new Date('2026-11-20T10:15:00.000Z');
const range = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);
const newId = () => new mongoose.Types.ObjectId().toHexString();
const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
const seatsOn = (connection: Connection) =>
  new MongoWaitlistSeats(
    modelOn(connection, WaitlistSeatRecord.name, WaitlistSeatSchema),
    new DatabaseMigrations(connection),
  );

describe('MongoWaitlistSeats against the real database', () => {
  let connection: Connection;
  let entries: Model<WaitlistEntryRecord>;

  beforeAll(async () => {
    mongoose.set('bufferCommands', false);
    connection = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
    entries = connection.model(WAITLIST_ENTRY_MODEL, waitlistEntrySchema);
  });

  beforeEach(async () => {
    await connection.dropDatabase();
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const storedSeats = async () =>
    sorted(
      (await connection.collection('waitlist_seats').find({}).toArray()).map(
        ({ _id }) => _id as unknown as number,
      ),
    );

  it('gives consecutive seats from 1, and the same seat to an entry confirmed again', async () => {
    const seats = seatsOn(connection);
    const [a, b] = [newId(), newId()];
    expect((await seats.claim(a, NOW)).number).toBe(1);
    expect((await seats.claim(b, NOW)).number).toBe(2);
    expect((await seats.claim(a, NOW)).number).toBe(1);
    expect(await seats.countTaken()).toBe(2);
    expect(await storedSeats()).toEqual([1, 2]);
  });

  it('never gives two confirmations of different entries one seat, across processes with their own connections', async () => {
    const connections = await Promise.all(
      range(3).map(() => mongoose.createConnection(testDatabaseUri('int')).asPromise()),
    );
    try {
      const processes = connections.map((own) => seatsOn(own));
      const ids = range(60).map(() => newId());
      const processOf = (index: number) => {
        const seats = processes[index % processes.length];
        if (!seats) throw new Error('no process');
        return seats;
      };
      const claimed = await Promise.all(ids.map((id, index) => processOf(index).claim(id, NOW)));
      expect(sorted(claimed.map((seat) => seat.number))).toEqual(range(60));
      expect(await storedSeats()).toEqual(range(60));
    } finally {
      await Promise.all(connections.map((own) => own.close()));
    }
  });

  it('gives one entry confirmed at once by several processes one seat', async () => {
    const connections = await Promise.all(
      range(3).map(() => mongoose.createConnection(testDatabaseUri('int')).asPromise()),
    );
    try {
      const processes = connections.map((own) => seatsOn(own));
      const [same, other] = [newId(), newId()];
      const claimed = await Promise.all([
        ...processes.flatMap((seats) => [seats.claim(same, NOW), seats.claim(same, NOW)]),
        processes[0]?.claim(other, NOW),
      ]);
      const sameSeats = new Set(claimed.slice(0, 6).map((seat) => seat?.number));
      expect(sameSeats.size).toBe(1);
      expect(claimed[6]?.number).not.toBe([...sameSeats][0]);
      expect(await storedSeats()).toEqual([1, 2]);
    } finally {
      await Promise.all(connections.map((own) => own.close()));
    }
  });

  it('moves past a seat another process took since this one last claimed', async () => {
    const seats = seatsOn(connection);
    await seats.claim(newId(), NOW);
    await connection
      .collection('waitlist_seats')
      .insertOne({ _id: 2 as never, entryId: new mongoose.Types.ObjectId(), claimedAt: NOW });
    expect((await seats.claim(newId(), NOW)).number).toBe(3);
  });

  it('takes over the seats of entries stored before confirmations, and continues after the highest', async () => {
    await entries.collection.insertMany(
      range(3).map((index) => ({
        _id: new mongoose.Types.ObjectId(),
        fullName: `Creator ${index}`,
        email: `creator${index}@example.com`,
        phone: `900000000${index}`,
        phoneE164: `+91900000000${index}`,
        instagramHandle: `creator_${index}`,
        userType: 'brand',
        seat: index + 997,
        privacyNoticeVersion: '2026-11-01',
        consentedAt: NOW,
      })),
    );
    // Two instances starting together copy them once.
    const [first, second] = [seatsOn(connection), seatsOn(connection)];
    expect(await Promise.all([first.countTaken(), second.countTaken()])).toEqual([3, 3]);
    const seat = await second.claim(newId(), NOW);
    expect([seat.number, seat.isEarlyAccess]).toEqual([1001, false]);
    expect(await storedSeats()).toEqual([998, 999, 1000, 1001]);
  });
});
