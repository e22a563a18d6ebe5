import mongoose, { type Connection } from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import type { DeliveryRecord } from '../application/ports/notification-ports.js';
import { notificationIdOf, type Notification } from '../domain/notification.js';
import type { Reminder } from '../domain/reminder-schedule.js';
import { MongoInAppInbox } from './mongo-in-app-inbox.js';
import {
  MongoDeliveryClaims,
  MongoReminderQueue,
  REMINDER_HOURS,
  reminderBucketOf,
  reminderHourOf,
} from './mongo-notification-stores.js';

const AT = new Date('2026-11-25T10:00:00.000Z');
const record: DeliveryRecord = {
  eventId: 'd1:4:milestone_funded',
  recipient: 'user:asha',
  channel: 'email',
  dealId: 'd1',
  milestoneId: 'm1',
  kind: 'milestone_funded',
  at: AT,
  outboxKey: 'ntf:d1:4:milestone_funded:creator:email',
};

function notice(recipient: string, at: Date, eventId: string): Notification {
  return {
    id: notificationIdOf(recipient, at, eventId),
    recipient,
    kind: 'milestone_funded',
    eventId,
    dealId: 'd1',
    milestoneId: 'm1',
    title: 'Funded',
    body: 'You can start.',
    actionPath: '/creator/contracts/d1',
    actionLabel: 'Open the deal',
    at,
    readAt: null,
  };
}

describe('notifications stores, claim-once over two connections (FerretDB)', () => {
  const database = databaseEmptiedBeforeEachTest();
  let other: Connection;

  beforeAll(async () => {
    other = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
  });
  afterAll(async () => {
    await other.close();
  });

  it('one delivery per event, person and channel, however many instances race for it', async () => {
    const stores = [database(), other, database(), other].map((c) => new MongoDeliveryClaims(c));
    const won = await Promise.all(stores.map((store) => store.claim(record, new Date(0))));
    expect(won.filter(Boolean)).toHaveLength(1);
    // Another channel of the same event, or another person, is its own delivery.
    expect(await stores[1]?.claim({ ...record, channel: 'in_app' }, new Date(0))).toBe(true);
    expect(await stores[1]?.claim({ ...record, recipient: 'admins' }, new Date(0))).toBe(true);
  });

  it('a claim left undone by a dead instance is taken over once its lease lapsed, once', async () => {
    const first = new MongoDeliveryClaims(database());
    const second = new MongoDeliveryClaims(other);
    expect(await first.claim(record, new Date(0))).toBe(true);
    const later = { ...record, at: new Date(AT.getTime() + 120_000) };
    const staleBefore = new Date(AT.getTime() + 60_000);
    const takers = await Promise.all([
      second.claim(later, staleBefore),
      first.claim(later, staleBefore),
    ]);
    expect(takers.filter(Boolean)).toHaveLength(1);
    await second.done(later, later.at);
    expect(
      await first.claim(
        { ...later, at: new Date(AT.getTime() + 600_000) },
        new Date(AT.getTime() + 500_000),
      ),
    ).toBe(false);
  });

  it('stores a notice once and counts it unread once, from two connections', async () => {
    const inboxes = [new MongoInAppInbox(database()), new MongoInAppInbox(other)];
    const item = notice('user:asha', AT, 'd1:4:milestone_funded');
    const stored = await Promise.all([...inboxes, ...inboxes].map((inbox) => inbox.add(item)));
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(await inboxes[1]?.unread('user:asha')).toBe(1);
    const marks = await Promise.all(
      [...inboxes, ...inboxes].map((inbox) => inbox.markRead('user:asha', item.id, AT)),
    );
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await inboxes[1]?.unread('user:asha')).toBe(0);
  });

  it('pages a person’s notices newest first by key range, never another’s', async () => {
    const inbox = new MongoInAppInbox(database());
    for (let minute = 0; minute < 5; minute += 1) {
      await inbox.add(
        notice('user:asha', new Date(AT.getTime() + minute * 60_000), `e${String(minute)}`),
      );
    }
    await inbox.add(notice('user:ashab', AT, 'other'));
    const first = await inbox.page('user:asha', null, 3);
    expect(first.items.map(({ eventId }) => eventId)).toEqual(['e4', 'e3', 'e2']);
    const second = await inbox.page('user:asha', first.nextAfter, 3);
    expect(second.items.map(({ eventId }) => eventId)).toEqual(['e1', 'e0']);
    expect(second.nextAfter).toBeNull();
    // A cursor of another person's range is ignored: the first page of one's own.
    const forged = await inbox.page('user:asha', notificationIdOf('user:ashab', AT, 'other'), 3);
    expect(forged.items.map(({ eventId }) => eventId)).toEqual(['e4', 'e3', 'e2']);
    expect(await inbox.markAllRead('user:asha', AT)).toBe(5);
    expect(await inbox.unread('user:asha')).toBe(0);
    expect(await inbox.unread('user:ashab')).toBe(1);
  });

  it('finds the reminders due by their key range, in due order, each scheduled once', async () => {
    const queue = new MongoReminderQueue(database());
    const reminder = (key: string, hours: number): Reminder => ({
      key,
      kind: 'funding_reminder',
      dealId: 'd1',
      milestoneId: 'm1',
      whileState: 'pending',
      cycle: 'funding',
      dueAt: new Date(AT.getTime() + hours * 3_600_000),
    });
    await queue.schedule([reminder('b', 2), reminder('a', 1), reminder('c', 48)]);
    await new MongoReminderQueue(other).schedule([reminder('a', 1)]);
    const due = await queue.due(new Date(AT.getTime() + 2 * 3_600_000), 10);
    expect(due.map(({ key }) => key)).toEqual(['a', 'b']);
    await queue.remove(reminder('a', 1));
    expect(
      (await queue.due(new Date(AT.getTime() + 100 * 3_600_000), 10)).map(({ key }) => key),
    ).toEqual(['b', 'c']);
  });

  it('keeps reminders in hour buckets: an emptied past hour leaves the list, a late reminder is still found', async () => {
    const queue = new MongoReminderQueue(database());
    const hoursListed = async () =>
      (await database().collection<{ _id: string }>(REMINDER_HOURS).find({}).toArray())
        .map(({ _id }) => _id)
        .sort();
    const step = (key: string, hours: number): Reminder => ({
      key,
      kind: 'funding_reminder',
      dealId: 'd2',
      milestoneId: 'm2',
      whileState: 'pending',
      cycle: 'funding',
      dueAt: new Date(AT.getTime() + 1000 * 3_600_000 + hours * 3_600_000),
    });
    const [first, second] = [step('x', 0), step('y', 5)];
    await queue.schedule([first, second]);
    const later = new Date(second.dueAt.getTime() + 2 * 3_600_000);
    expect(
      await database()
        .collection(reminderBucketOf(reminderHourOf(first.dueAt)))
        .countDocuments(),
    ).toBe(1);
    expect((await queue.due(later, 10)).map(({ key }) => key)).toContain('x');
    await queue.remove(first);
    await queue.due(later, 10);
    expect(await hoursListed()).not.toContain(reminderHourOf(first.dueAt));
    expect(await hoursListed()).toContain(reminderHourOf(second.dueAt));

    // A reminder scheduled late into that past hour (a lagging follower) is found all the same.
    await queue.schedule([step('z', 0)]);
    expect((await queue.due(later, 10)).map(({ key }) => key)).toEqual(
      expect.arrayContaining(['y', 'z']),
    );
  });
});
