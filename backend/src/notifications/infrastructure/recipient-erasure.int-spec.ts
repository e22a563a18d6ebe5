import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { notificationIdOf, type Notification } from '../domain/notification.js';
import type { Reminder } from '../domain/reminder-schedule.js';
import { MongoInAppInbox, NOTIFICATIONS } from './mongo-in-app-inbox.js';
import { MongoPreferencesStore, MongoReminderQueue } from './mongo-notification-stores.js';
import { MongoRecipientErasure } from './mongo-recipient-erasure.js';

const AT = new Date('2026-11-25T10:00:00.000Z');

function notice(recipient: string, eventId: string): Notification {
  return {
    id: notificationIdOf(recipient, AT, eventId),
    recipient,
    kind: 'milestone_funded',
    eventId,
    dealId: 'd1',
    milestoneId: 'm1',
    title: 'Funded',
    body: 'You can start.',
    actionPath: '/creator/contracts/d1',
    actionLabel: 'Open the deal',
    at: AT,
    readAt: null,
  };
}

function reminder(dealId: string): Reminder {
  return {
    key: `funding_reminder:${dealId}:m1:c1:1`,
    kind: 'funding_reminder',
    dealId,
    milestoneId: 'm1',
    whileState: 'pending',
    cycle: 'c1',
    dueAt: new Date(AT.getTime() + 3_600_000),
  };
}

/** An erased account's notices (#41): its own go, everyone else's stay. */
describe('MongoRecipientErasure (FerretDB)', () => {
  const connection = databaseEmptiedBeforeEachTest();

  it('forgets the recipient’s notices, counter, read marks, preferences and its deals’ reminders only', async () => {
    const inbox = new MongoInAppInbox(connection());
    const preferences = new MongoPreferencesStore(connection());
    const reminders = new MongoReminderQueue(connection());
    const erasure = new MongoRecipientErasure(connection());
    await inbox.add(notice('user:asha', 'e1'));
    await inbox.add(notice('user:asha', 'e2'));
    await inbox.markRead('user:asha', notificationIdOf('user:asha', AT, 'e1'), AT);
    await inbox.add(notice('user:ashan', 'e1'));
    await preferences.set('user:asha', { remindersByEmail: false, remindersBySms: false });
    await reminders.schedule([reminder('d1'), reminder('d2')]);

    expect(await erasure.isForgotten('user:asha')).toBe(false);
    await erasure.forget('user:asha', ['d1'], AT);

    expect(await erasure.isForgotten('user:asha')).toBe(true);
    expect(await erasure.isForgotten('user:ashan')).toBe(false);
    expect((await inbox.page('user:asha', null, 10)).items).toEqual([]);
    expect(await inbox.unread('user:asha')).toBe(0);
    expect((await inbox.page('user:ashan', null, 10)).items).toHaveLength(1);
    expect(await inbox.unread('user:ashan')).toBe(1);
    const left = await connection().collection(NOTIFICATIONS).countDocuments({});
    expect(left).toBe(1);
    expect(await connection().collection('notification_reads').countDocuments({})).toBe(0);
    expect(await connection().collection('notification_preferences').countDocuments({})).toBe(0);
    const due = await reminders.due(new Date(AT.getTime() + 7_200_000), 10);
    expect(due.map(({ dealId }) => dealId)).toEqual(['d2']);
  });
});
