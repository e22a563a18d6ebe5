import mongoose, { type Connection, type Model } from 'mongoose';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import { waitlistSubmission } from '../../../../../test/support/waitlist-submission.js';
import { parseWaitlistApplication } from '../../../domain/waitlist-application.js';
import { newWaitlistEntry, type WaitlistEntry } from '../../../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../../domain/waitlist.errors.js';
import { MongoWaitlistRepository } from './mongo-waitlist.repository.js';
import { toWaitlistEntryRecord } from './waitlist-entry.mapper.js';
import {
  WAITLIST_ENTRY_MODEL,
  type WaitlistEntryRecord,
  waitlistEntrySchema,
} from './waitlist-entry.schema.js';
import { Seat } from '../../../domain/seat.js';

const CONSENTED_AT = new Date('2026-11-20T10:15:00.000Z');

function entry(index: number, overrides: { phone?: string; email?: string } = {}): WaitlistEntry {
  const application = parseWaitlistApplication(
    waitlistSubmission(index, {
      userType: 'brand',
      ...(overrides.email && { email: overrides.email }),
      ...(overrides.phone && { phoneNumber: overrides.phone }),
    }),
  );
  return newWaitlistEntry(new mongoose.Types.ObjectId().toHexString(), application, CONSENTED_AT);
}

const range = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

describe('MongoWaitlistRepository against the real database', () => {
  let connection: Connection;
  let model: Model<WaitlistEntryRecord>;

  beforeAll(async () => {
    mongoose.set('bufferCommands', false);
    connection = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
    model = connection.model(WAITLIST_ENTRY_MODEL, waitlistEntrySchema);
  });

  beforeEach(async () => {
    await connection.dropDatabase();
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const storedSeats = async () =>
    (await model.find({}, { seat: 1 }).lean().exec()).map(({ seat }) => seat).sort((a, b) => a - b);

  it('builds the unique indexes before the first insert and stores normalised values', async () => {
    const repository = new MongoWaitlistRepository(model);
    const first = entry(1, { phone: '98765 43210', email: ' Asha@Example.COM ' });

    const seat = await repository.add(first);

    expect(seat.number).toBe(1);
    const indexes = await model.collection.indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'phone_unique', key: { phone: 1 }, unique: true }),
        expect.objectContaining({ name: 'email_unique', key: { email: 1 }, unique: true }),
        expect.objectContaining({ name: 'seat_unique', key: { seat: 1 }, unique: true }),
      ]),
    );
    const stored = await model.findById(first.id).lean().exec();
    expect(stored).toMatchObject({
      fullName: 'Creator 1',
      email: 'asha@example.com',
      phone: '9876543210',
      phoneE164: '+919876543210',
      instagramHandle: 'creator_1',
      userType: 'brand',
      seat: 1,
      privacyNoticeVersion: '2026-11-01',
      consentedAt: CONSENTED_AT,
    });
  });

  it('refuses a second entry with the same phone number, keeping the first', async () => {
    const repository = new MongoWaitlistRepository(model);
    await repository.add(entry(1, { phone: '9876543210' }));
    await expect(repository.add(entry(2, { phone: '9876543210' }))).rejects.toBeInstanceOf(
      PhoneAlreadyRegisteredError,
    );
    expect(await model.countDocuments()).toBe(1);
  });

  it('refuses a second entry with the same e-mail address, keeping the first', async () => {
    const repository = new MongoWaitlistRepository(model);
    await repository.add(entry(1, { email: 'asha@example.com' }));
    await expect(repository.add(entry(2, { email: 'ASHA@example.com' }))).rejects.toBeInstanceOf(
      EmailAlreadyRegisteredError,
    );
    expect(await model.countDocuments()).toBe(1);
  });

  it('names the phone first when both are taken, and a refusal leaves no gap in the seats', async () => {
    const repository = new MongoWaitlistRepository(model);
    await repository.add(entry(1, { phone: '9876543210', email: 'asha@example.com' }));
    await repository.add(entry(2, { phone: '9876543211', email: 'ravi@example.com' }));
    await expect(
      repository.add(entry(3, { phone: '9876543211', email: 'asha@example.com' })),
    ).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
    await expect(repository.add(entry(4))).resolves.toEqual(Seat.of(3));
    expect(await repository.countEntries()).toBe(3);
  });

  it('gives concurrent inserts distinct consecutive seats', async () => {
    const repository = new MongoWaitlistRepository(model);
    const seats = await Promise.all(range(40).map((index) => repository.add(entry(index))));
    expect(seats.map((seat) => seat.number).sort((a, b) => a - b)).toEqual(range(40));
    expect(await storedSeats()).toEqual(range(40));
  });

  it('gives distinct consecutive seats when several processes insert at once', async () => {
    // One repository per process: each with its own queue and its own idea of the next seat.
    const processes = range(4).map(() => new MongoWaitlistRepository(model));
    await Promise.all(
      processes.map((repository, p) =>
        Promise.all(range(15, p * 100).map((index) => repository.add(entry(index)))),
      ),
    );
    expect(await storedSeats()).toEqual(range(60));
  });

  it('stores each person once when processes race with the same submissions', async () => {
    const processes = range(3).map(() => new MongoWaitlistRepository(model));
    const outcomes = await Promise.allSettled(
      processes.flatMap((repository) => range(10).map((index) => repository.add(entry(index)))),
    );
    const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refusals).toHaveLength(20);
    for (const { reason } of refusals) expect(reason).toBeInstanceOf(PhoneAlreadyRegisteredError);
    expect(await storedSeats()).toEqual(range(10));
  });

  it('refuses a double submit in one process without storing it twice', async () => {
    const repository = new MongoWaitlistRepository(model);
    const outcomes = await Promise.allSettled(range(5).map(() => repository.add(entry(7))));
    expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter(({ status }) => status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(PhoneAlreadyRegisteredError);
    }
    expect(await storedSeats()).toEqual([1]);
  });

  it('stores a resubmission whose first attempt was refused for another reason', async () => {
    const repository = new MongoWaitlistRepository(model);
    await repository.add(entry(1, { email: 'taken@example.com' }));
    const [refused, stored] = await Promise.allSettled([
      repository.add(entry(2, { phone: '9123456789', email: 'taken@example.com' })),
      repository.add(entry(3, { phone: '9123456789', email: 'fixed@example.com' })),
    ]);
    expect(refused).toMatchObject({ status: 'rejected' });
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(EmailAlreadyRegisteredError);
    expect(stored).toEqual({ status: 'fulfilled', value: Seat.of(2) });
  });

  it('gives distinct consecutive seats to processes with their own connections', async () => {
    // Separate connections, as separate instances of the API have: nothing shared but the database.
    const connections = await Promise.all(
      range(3).map(() => mongoose.createConnection(testDatabaseUri('int')).asPromise()),
    );
    try {
      const processes = connections.map(
        (own) => new MongoWaitlistRepository(own.model(WAITLIST_ENTRY_MODEL, waitlistEntrySchema)),
      );
      const outcomes = await Promise.allSettled(
        processes.flatMap((repository, p) =>
          range(20).map((index) => repository.add(entry(index + (p % 2) * 10))),
        ),
      );
      // People 1–30, each sent by two of the three processes: stored once, refused once.
      const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refusals).toHaveLength(30);
      for (const { reason } of refusals) expect(reason).toBeInstanceOf(PhoneAlreadyRegisteredError);
      expect(await storedSeats()).toEqual(range(30));
    } finally {
      await Promise.all(connections.map((own) => own.close()));
    }
  });

  describe('when an insert fails with the database going away', () => {
    const networkError = () => new mongoose.mongo.MongoNetworkError('connection reset');

    /** The next insert fails with a network error, after reaching the database or before. */
    function failNextInsert(landsFirst: boolean): void {
      const collection = model.collection;
      const insertOne = collection.insertOne.bind(collection);
      collection.insertOne = async (...args: Parameters<typeof insertOne>) => {
        collection.insertOne = insertOne;
        if (landsFirst) await insertOne(...args);
        throw networkError();
      };
    }

    it('gives the next entry the next seat when the failed insert did not land', async () => {
      const repository = new MongoWaitlistRepository(model);
      await repository.add(entry(1));
      failNextInsert(false);
      await expect(repository.add(entry(2))).rejects.toBeInstanceOf(
        mongoose.mongo.MongoNetworkError,
      );
      await expect(repository.add(entry(3))).resolves.toEqual(Seat.of(2));
      expect(await storedSeats()).toEqual([1, 2]);
    });

    it('neither reuses nor skips a seat when the failed insert landed', async () => {
      const repository = new MongoWaitlistRepository(model);
      await repository.add(entry(1));
      failNextInsert(true);
      await expect(repository.add(entry(2))).rejects.toBeInstanceOf(
        mongoose.mongo.MongoNetworkError,
      );
      await expect(repository.add(entry(3))).resolves.toEqual(Seat.of(3));
      // The person whose answer was lost tries again: they are on the list, once.
      await expect(repository.add(entry(2))).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
      expect(await storedSeats()).toEqual([1, 2, 3]);
    });
  });

  it('names the phone when another process stores the same person while this one looks', async () => {
    const repository = new MongoWaitlistRepository(model);
    await repository.add(entry(1));
    // Another process takes seat 2, so the next insert here is refused for its seat...
    await model.collection.insertOne(toWaitlistEntryRecord(entry(2), Seat.of(2)));
    // ...and stores the same person as that insert right after the phone lookup missed them.
    const samePerson = entry(3);
    const exists = model.exists.bind(model);
    let lookups = 0;
    model.exists = ((filter: Parameters<typeof exists>[0]) => {
      lookups += 1;
      const query = exists(filter);
      if (lookups > 1) return query;
      const exec = query.exec.bind(query);
      query.exec = async () => {
        const found = await exec();
        await model.collection.insertOne(toWaitlistEntryRecord(samePerson, Seat.of(3)));
        return found;
      };
      return query;
    }) as typeof model.exists;
    try {
      await expect(repository.add(entry(3))).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
    } finally {
      model.exists = exists;
    }
    expect(await storedSeats()).toEqual([1, 2, 3]);
  });

  it('moves past a seat another process took since this one last inserted', async () => {
    const repository = new MongoWaitlistRepository(model);
    await repository.add(entry(1));
    await model.collection.insertOne(toWaitlistEntryRecord(entry(2), Seat.of(2)));
    await expect(repository.add(entry(3))).resolves.toEqual(Seat.of(3));
  });

  it('starts after the highest stored seat', async () => {
    await model.createIndexes();
    await model.collection.insertMany(
      range(3).map((index) => toWaitlistEntryRecord(entry(index), Seat.of(index + 997))),
    );
    const repository = new MongoWaitlistRepository(model);
    const seat = await repository.add(entry(4));
    expect([seat.number, seat.isEarlyAccess]).toEqual([1001, false]);
    expect(await repository.countEntries()).toBe(4);
  });
});
