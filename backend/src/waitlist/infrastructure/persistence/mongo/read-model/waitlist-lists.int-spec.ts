import mongoose, { type Connection, type Model } from 'mongoose';
import { eventually } from '../../../../../../test/support/eventually.js';
import { testDatabaseUri } from '../../../../../../test/support/test-database.js';
import { waitlistSubmission } from '../../../../../../test/support/waitlist-submission.js';
import { DatabaseMigrations } from '../../../../../database/database-migrations.js';
import type { DirectoryEntry } from '../../../../application/ports/waitlist-directory.js';
import { Seat } from '../../../../domain/seat.js';
import { parseWaitlistApplication } from '../../../../domain/waitlist-application.js';
import { newWaitlistEntry } from '../../../../domain/waitlist-entry.js';
import { MongoWaitlistDirectory } from '../mongo-waitlist-directory.js';
import { MongoWaitlistRepository } from '../mongo-waitlist.repository.js';
import {
  WAITLIST_ENTRY_MODEL,
  type WaitlistEntryRecord,
  waitlistEntrySchema,
} from '../waitlist-entry.schema.js';
import { rebuildWaitlistLists } from './rebuild-waitlist-lists.js';
import { partitionsOfLists, WaitlistListsFollower, WaitlistListsStore } from './waitlist-lists.js';
import { listKeyOf, sortKeyOf } from './waitlist-rows.js';

const NOW = new Date('2026-11-20T10:15:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const sortByName = { field: 'name', direction: 'asc' } as const;

describe('The admin waitlist read model against the real database', () => {
  let connection: Connection;
  let model: Model<WaitlistEntryRecord>;
  let repository: MongoWaitlistRepository;
  let directory: MongoWaitlistDirectory;
  let follower: WaitlistListsFollower;

  async function join(index: number): Promise<string> {
    const application = parseWaitlistApplication(waitlistSubmission(index));
    const id = new mongoose.Types.ObjectId().toHexString();
    await repository.add(
      newWaitlistEntry(id, application, at(index), {
        trapped: false,
        confirmationExpiresAt: at(index + 72),
      }),
    );
    return id;
  }

  beforeAll(async () => {
    connection = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
    await connection.dropDatabase();
    model = connection.model(WAITLIST_ENTRY_MODEL, waitlistEntrySchema);
    repository = new MongoWaitlistRepository(model, new DatabaseMigrations(model.db));
    directory = new MongoWaitlistDirectory(model);
    follower = new WaitlistListsFollower(new WaitlistListsStore(connection));
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('keeps each order in a collection of its own', () => {
    expect(new Set(partitionsOfLists()).size).toBe(3);
  });

  it('follows joins, confirmations, corrections, invitations, erasures; a rebuild then finds nothing to put right', async () => {
    // Built (empty) before the writes: what follows is the follower's work, not a first build.
    expect((await directory.figures(at(-24), at(200))).entries).toBe(0);
    const ids: string[] = [];
    for (let index = 1; index <= 12; index += 1) ids.push(await join(index));
    const [a = '', b = '', c = '', , e = '', , g = ''] = ids;
    await repository.markConfirmed(a, Seat.of(1), at(100));
    await repository.markConfirmed(b, Seat.of(2), at(101));
    await repository.markConfirmed(c, Seat.of(3), at(102));
    await repository.markInvited([b, c], 'invited', at(103));
    await repository.markJoined(c, { accountId: 'account-c', email: 'c@gmail.com' }, at(104));
    await repository.correct(
      g,
      { userType: 'brand' },
      { at: at(105), event: 'corrected', fields: ['userType'] },
    );
    await repository.remove(e);
    // The fourth entry's confirmation expired (72 hours after it joined); the sixth's did not.
    expect(await repository.eraseUnconfirmedExpiredBefore(at(76.5))).toBe(1);

    const page = await directory.page({ filter: {}, sort: sortByName, page: 1, pageSize: 50 });
    const truth = await directory.page({
      filter: { statuses: ['awaiting_confirmation', 'confirmed', 'invited', 'joined'] },
      sort: sortByName,
      page: 1,
      pageSize: 50,
    });
    const withoutHistory = (entry: DirectoryEntry) => ({ ...entry, history: [] });
    expect(page.items.map(withoutHistory)).toEqual(truth.items.map(withoutHistory));
    expect(page.total).toBe(truth.total);
    const figures = await directory.figures(at(-24), at(200));
    expect(figures.entries).toBe(truth.total);
    expect(figures.byStatus).toEqual((await directory.scannedFigures(at(-24), at(200))).byStatus);
    expect(figures.byStatus.joined).toBe(1);
    expect(figures.byUserType.brand).toBe(1);

    const report = await rebuildWaitlistLists(follower);
    expect(report).toMatchObject({
      entries: truth.total,
      listsDiffering: 0,
      countersDiffering: false,
      projectionsDiffering: 0,
    });
  });

  it('a corrupted list and counters are found by rebuild, reported and put right', async () => {
    const { store } = follower;
    const before = await directory.page({ filter: {}, sort: sortByName, page: 1, pageSize: 50 });
    const dropped = before.items[0];
    if (!dropped) throw new Error('no entries');
    const row = (await store.lists.all(listKeyOf('name')))[0];
    if (!row) throw new Error('no rows');
    await store.lists.apply(
      listKeyOf('name'),
      [{ id: row.id, sortKey: sortKeyOf('name', row.row) }],
      [],
    );
    await store.writeCounters({ byStatus: { joined: 99 }, byUserType: {}, perDay: {} }, 'corrupt');
    expect(
      (await directory.page({ filter: {}, sort: sortByName, page: 1, pageSize: 50 })).total,
    ).toBe(before.total - 1);

    const report = await rebuildWaitlistLists(follower);
    expect(report).toMatchObject({ listsDiffering: 1, countersDiffering: true });
    const after = await directory.page({ filter: {}, sort: sortByName, page: 1, pageSize: 50 });
    expect(after).toEqual(before);
    expect((await directory.figures(at(-24), at(200))).byStatus.joined).toBe(1);
  });

  it('a follower stopped after its journal is finished by the next, without a double count', async () => {
    const id = await join(40);
    const { store } = follower;
    // What a follower killed after writing its journal leaves: the journal, the change.
    const row = (await store.currentRows([id])).get(id);
    await store.journal.replaceOne(
      { _id: 'journal' },
      {
        id: 'journal-of-a-killed-follower',
        changes: [],
        moves: JSON.stringify([[id, null, row]]),
      },
      { upsert: true },
    );
    const truth = (await directory.scannedFigures(at(-24), at(200))).entries;
    // The directory's follower is another instance: it applies once the rebuild's lease is over.
    await eventually(async () => (await directory.figures(at(-24), at(200))).entries === truth, {
      what: 'the journal and the change applied',
      timeoutMs: 40_000,
    });
    expect(await follower.store.journal.findOne({ _id: 'journal' })).toBeNull();
    expect(await follower.store.changes.countDocuments()).toBe(0);
    expect((await directory.figures(at(-24), at(200))).entries).toBe(truth);
    const report = await rebuildWaitlistLists(follower);
    expect(report).toMatchObject({ listsDiffering: 0, countersDiffering: false });
  });
});
