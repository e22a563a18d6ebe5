import mongoose, { type Connection, type Model } from 'mongoose';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import { waitlistSubmission } from '../../../../../test/support/waitlist-submission.js';
import { IndianMobileNumber } from '../../../domain/indian-mobile-number.js';
import { Seat } from '../../../domain/seat.js';
import { parseWaitlistApplication } from '../../../domain/waitlist-application.js';
import { newWaitlistEntry, type WaitlistEntry } from '../../../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../../domain/waitlist.errors.js';
import { DatabaseMigrations } from '../../../../database/database-migrations.js';
import { MongoWaitlistRepository } from './mongo-waitlist.repository.js';
import {
  WAITLIST_ENTRY_MODEL,
  type WaitlistEntryRecord,
  waitlistEntrySchema,
} from './waitlist-entry.schema.js';

const NOW = new Date('2026-11-20T10:15:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

function entry(
  index: number,
  overrides: { phone?: string; email?: string; trapped?: boolean } = {},
): WaitlistEntry {
  const application = parseWaitlistApplication(
    waitlistSubmission(index, {
      userType: 'brand',
      ...(overrides.email && { email: overrides.email }),
      ...(overrides.phone && { phoneNumber: overrides.phone }),
    }),
  );
  return newWaitlistEntry(new mongoose.Types.ObjectId().toHexString(), application, NOW, {
    trapped: overrides.trapped ?? false,
    confirmationExpiresAt: at(72),
  });
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

  it('builds the unique indexes before the first insert and stores an entry awaiting confirmation', async () => {
    const repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
    const first = entry(1, { phone: '98765 43210', email: ' Asha@Example.COM ' });

    await repository.add(first);

    const indexes = await model.collection.indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'phone_unique', key: { phone: 1 }, unique: true }),
        expect.objectContaining({ name: 'email_unique', key: { email: 1 }, unique: true }),
      ]),
    );
    expect(indexes.map(({ name }) => name)).not.toContain('seat_unique');
    const stored = await model.findById(first.id).lean().exec();
    expect(stored).toEqual({
      _id: new mongoose.Types.ObjectId(first.id),
      fullName: 'Creator 1',
      email: 'asha@example.com',
      phone: '9876543210',
      phoneE164: '+919876543210',
      instagramHandle: 'creator_1',
      userType: 'brand',
      privacyNoticeVersion: '2026-11-23',
      consentedAt: NOW,
      createdAt: NOW,
      status: 'awaiting_confirmation',
      confirmationExpiresAt: at(72),
      trapped: false,
      history: [
        { at: NOW, event: 'joined' },
        { at: NOW, event: 'confirmation-sent' },
      ],
    });
    await expect(repository.findById(first.id)).resolves.toEqual(first);
    await expect(repository.findByPhone(IndianMobileNumber.parse('9876543210'))).resolves.toEqual(
      first,
    );
  });

  it('drops the unique seat index of the time before confirmations, so seatless entries coexist', async () => {
    await model.collection.createIndexes([{ key: { seat: 1 }, unique: true, name: 'seat_unique' }]);
    const repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
    await repository.add(entry(1));
    await repository.add(entry(2));
    expect(await model.countDocuments()).toBe(2);
    expect((await model.collection.indexes()).map(({ name }) => name)).not.toContain('seat_unique');
  });

  it('reads an entry stored before confirmations existed as confirmed, with its seat', async () => {
    const legacy = entry(1);
    await model.collection.insertOne({
      _id: new mongoose.Types.ObjectId(legacy.id),
      fullName: 'Creator 1',
      email: 'creator1@example.com',
      phone: '9000000001',
      phoneE164: '+919000000001',
      instagramHandle: 'creator_1',
      userType: 'brand',
      seat: 7,
      privacyNoticeVersion: '2026-11-01',
      consentedAt: NOW,
    });
    const found = await new MongoWaitlistRepository(
      model,
      new DatabaseMigrations(model.db),
    ).findById(legacy.id);
    expect(found).toMatchObject({ status: 'confirmed', seat: Seat.of(7), createdAt: NOW });
  });

  it('refuses a second entry with the same phone number, or e-mail address, keeping the first', async () => {
    const repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
    await repository.add(entry(1, { phone: '9876543210', email: 'asha@example.com' }));
    await expect(repository.add(entry(2, { phone: '9876543210' }))).rejects.toBeInstanceOf(
      PhoneAlreadyRegisteredError,
    );
    await expect(repository.add(entry(3, { email: 'ASHA@example.com' }))).rejects.toBeInstanceOf(
      EmailAlreadyRegisteredError,
    );
    await expect(
      repository.add(entry(4, { phone: '9876543210', email: 'asha@example.com' })),
    ).rejects.toBeInstanceOf(PhoneAlreadyRegisteredError);
    expect(await model.countDocuments()).toBe(1);
  });

  it('stores each person once when processes with their own connections race', async () => {
    const connections = await Promise.all(
      range(3).map(() => mongoose.createConnection(testDatabaseUri('int')).asPromise()),
    );
    try {
      const processes = connections.map(
        (own) =>
          new MongoWaitlistRepository(
            own.model(WAITLIST_ENTRY_MODEL, waitlistEntrySchema),
            new DatabaseMigrations(own),
          ),
      );
      const outcomes = await Promise.allSettled(
        processes.flatMap((repository) => range(10).map((index) => repository.add(entry(index)))),
      );
      const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refusals).toHaveLength(20);
      for (const { reason } of refusals) expect(reason).toBeInstanceOf(PhoneAlreadyRegisteredError);
      expect(await model.countDocuments()).toBe(10);
    } finally {
      await Promise.all(connections.map((own) => own.close()));
    }
  });

  it('records sendings and the confirmation, once', async () => {
    const repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
    const person = entry(1);
    await repository.add(person);
    await repository.recordConfirmationSent(
      person.id,
      { at: at(1), event: 'confirmation-resent' },
      at(73),
    );
    await repository.markConfirmed(person.id, Seat.of(5), at(2));
    await repository.markConfirmed(person.id, Seat.of(5), at(3));
    const found = await repository.findById(person.id);
    expect(found).toMatchObject({
      status: 'confirmed',
      seat: Seat.of(5),
      confirmedAt: at(2),
      confirmationExpiresAt: at(73),
    });
    expect(found?.history).toEqual([
      { at: NOW, event: 'joined' },
      { at: NOW, event: 'confirmation-sent' },
      { at: at(1), event: 'confirmation-resent' },
      { at: at(2), event: 'confirmed' },
    ]);
  });

  it('erases only unconfirmed entries whose link expired, and frees their phone and e-mail', async () => {
    const repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
    const [expired, renewed, confirmed] = [entry(1), entry(2), entry(3)];
    for (const person of [expired, renewed, confirmed]) await repository.add(person);
    await repository.recordConfirmationSent(
      renewed.id,
      { at: at(48), event: 'confirmation-resent' },
      at(120),
    );
    await repository.markConfirmed(confirmed.id, Seat.of(1), at(1));

    await expect(repository.eraseUnconfirmedExpiredBefore(at(72))).resolves.toBe(0);
    await expect(repository.eraseUnconfirmedExpiredBefore(at(73))).resolves.toBe(1);
    await expect(repository.eraseUnconfirmedExpiredBefore(at(73))).resolves.toBe(0);
    expect(await repository.findById(expired.id)).toBeUndefined();
    await expect(repository.add(entry(1))).resolves.toBeUndefined();
    await expect(repository.eraseUnconfirmedExpiredBefore(at(500))).resolves.toBe(2);
    await expect(repository.findById(confirmed.id)).resolves.toMatchObject({ status: 'confirmed' });
  });

  it('answers nothing for an id that is not one', async () => {
    await expect(
      new MongoWaitlistRepository(model, new DatabaseMigrations(model.db)).findById('not-an-id'),
    ).resolves.toBeUndefined();
  });

  describe('invites (issue #15)', () => {
    it('marks confirmed entries invited once, re-sends and revocations only in the history, and links the joined account', async () => {
      const repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
      const [a, b, c] = [entry(1), entry(2), entry(3)];
      for (const each of [a, b, c]) await repository.add(each);
      await repository.markConfirmed(a.id, Seat.of(1), at(1));
      await repository.markConfirmed(b.id, Seat.of(2), at(1));

      await repository.markInvited([a.id, b.id, c.id, 'not-an-id'], 'invited', at(2));
      await repository.markInvited([a.id], 'invited', at(3)); // again: nothing changes
      await repository.markInvited([b.id], 'invite-resent', at(4));
      await repository.markJoined(a.id, { accountId: 'acc-1', email: 'a@gmail.com' }, at(5));
      await repository.markJoined(a.id, { accountId: 'acc-2', email: 'x@gmail.com' }, at(6));

      const [first, second, third] = await Promise.all(
        [a, b, c].map(({ id }) => model.findById(id).lean().exec()),
      );
      expect(first).toMatchObject({
        status: 'joined',
        joinedAccountId: 'acc-1',
        joinedAccountEmail: 'a@gmail.com',
      });
      expect(first?.history?.map(({ event }) => event)).toEqual([
        'joined',
        'confirmation-sent',
        'confirmed',
        'invited',
        'account-created',
      ]);
      expect(second?.status).toBe('invited');
      expect(second?.history?.map(({ event }) => event).slice(-2)).toEqual([
        'invited',
        'invite-resent',
      ]);
      // Never confirmed: not invited.
      expect(third?.status).toBe('awaiting_confirmation');
      expect(third?.history?.map(({ event }) => event)).not.toContain('invited');
    });
  });
});
