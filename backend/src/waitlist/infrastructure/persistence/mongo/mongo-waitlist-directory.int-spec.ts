import mongoose, { type Connection, Types } from 'mongoose';
import { waitForDatabase } from '../../../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import { MongoWaitlistDirectory } from './mongo-waitlist-directory.js';
import { WAITLIST_ENTRY_MODEL, waitlistEntrySchema } from './waitlist-entry.schema.js';

const DAY_MS = 86_400_000;
const T0 = new Date('2026-11-01T10:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

function stored(index: number, fields: Record<string, unknown> = {}) {
  return {
    _id: new Types.ObjectId(),
    fullName: `Person ${index}`,
    email: `person${index}@example.com`,
    phone: `98000000${String(index).padStart(2, '0')}`,
    phoneE164: `+9198000000${String(index).padStart(2, '0')}`,
    instagramHandle: `person_${index}`,
    userType: 'influencer',
    privacyNoticeVersion: '2026-11-01',
    consentedAt: at(index),
    ...fields,
  };
}

const TRAPPED_ID = new Types.ObjectId();

describe('MongoWaitlistDirectory against the real database', () => {
  let connection: Connection;
  let directory: MongoWaitlistDirectory;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    directory = new MongoWaitlistDirectory(
      connection.model(WAITLIST_ENTRY_MODEL, waitlistEntrySchema),
    );
    await connection.collection('waitlist_entries').insertMany([
      stored(1, { seat: 1 }), // legacy: confirmed
      stored(2, { seat: 1001, status: 'confirmed', fullName: 'a.b (c)' }),
      stored(3, { status: 'awaiting_confirmation', userType: 'brand', fullName: 'aXb' }),
      stored(4, { status: 'invited', seat: 2 }),
      // Caught by the honeypot: stored like a person's submission, but nobody's (never counted).
      stored(5, {
        _id: TRAPPED_ID,
        status: 'awaiting_confirmation',
        trapped: true,
        consentedAt: at(2),
      }),
    ]);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const sortBySeat = { field: 'seat', direction: 'asc' } as const;
  const search = (text: string) => ({ text, email: text, phoneDigits: null, handle: null });

  it('pages with the total of the filter, ties broken by id', async () => {
    const first = await directory.page({ filter: {}, sort: sortBySeat, page: 1, pageSize: 3 });
    expect(first.total).toBe(4);
    expect(first.items.map((entry) => entry.seat)).toEqual([null, 1, 2]);
    const second = await directory.page({ filter: {}, sort: sortBySeat, page: 2, pageSize: 3 });
    expect(second.items.map((entry) => entry.seat)).toEqual([1001]);
  });

  it('filters on status (legacy entries are confirmed), early access and dates', async () => {
    const confirmed = await directory.page({
      filter: { statuses: ['confirmed'] },
      sort: sortBySeat,
      page: 1,
      pageSize: 10,
    });
    expect(confirmed.items.map((entry) => entry.fullName)).toEqual(['Person 1', 'a.b (c)']);
    const early = await directory.page({
      filter: { earlyAccess: true },
      sort: sortBySeat,
      page: 1,
      pageSize: 10,
    });
    expect(early.items.map((entry) => entry.seat)).toEqual([1, 2]);
    const inRange = await directory.page({
      filter: { joinedFrom: at(2), joinedBefore: at(4) },
      sort: sortBySeat,
      page: 1,
      pageSize: 10,
    });
    expect(inRange.total).toBe(2);
  });

  it('searches text literally: metacharacters match only themselves', async () => {
    const literal = await directory.page({
      filter: { search: search('a.b (c)') },
      sort: sortBySeat,
      page: 1,
      pageSize: 10,
    });
    expect(literal.items.map((entry) => entry.fullName)).toEqual(['a.b (c)']);
    const dot = await directory.page({
      filter: { search: search('a.b') },
      sort: sortBySeat,
      page: 1,
      pageSize: 10,
    });
    // "a.b" as a pattern would also match "aXb".
    expect(dot.items.map((entry) => entry.fullName)).toEqual(['a.b (c)']);
  });

  it('streams every matching entry in order', async () => {
    const seats: (number | null)[] = [];
    for await (const entry of directory.stream({}, { field: 'seat', direction: 'desc' })) {
      seats.push(entry.seat);
    }
    expect(seats).toEqual([1001, 2, 1, null]);
  });

  it('finds one entry, with a history even for a legacy entry', async () => {
    const [legacy] = (
      await directory.page({
        filter: { search: search('Person 1') },
        sort: sortBySeat,
        page: 1,
        pageSize: 1,
      })
    ).items;
    const found = await directory.findById(legacy?.id ?? '');
    expect(found).toMatchObject({
      status: 'confirmed',
      seat: 1,
      earlyAccess: true,
      history: [{ at: at(1), event: 'submitted' }],
    });
    expect(await directory.findById('zzz')).toBeNull();
  });

  it('never shows a submission the honeypot caught', async () => {
    const found = await directory.page({
      filter: { search: search('Person 5') },
      sort: sortBySeat,
      page: 1,
      pageSize: 10,
    });
    expect(found.total).toBe(0);
    expect(await directory.findById(TRAPPED_ID.toHexString())).toBeNull();
  });

  it('counts by status and user type, and sign-ups per day', async () => {
    const figures = await directory.figures(new Date('2026-11-02T00:00:00Z'), at(3));
    expect(figures).toEqual({
      entries: 4,
      byStatus: { awaiting_confirmation: 1, confirmed: 2, invited: 1, joined: 0 },
      byUserType: { influencer: 3, brand: 1, agency: 0, talent_manager: 0 },
      signUpsPerDay: [
        { day: '2026-11-02', count: 1 },
        { day: '2026-11-03', count: 1 },
        { day: '2026-11-04', count: 1 },
      ],
    });
  });
});
