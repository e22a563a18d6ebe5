import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { dealWriteLogOn } from '../../deals/index.js';
import { notificationIdOf, type Notification } from '../domain/notification.js';
import { MongoDealHistoryFeed } from './mongo-deal-history-feed.js';
import { MongoInAppInbox } from './mongo-in-app-inbox.js';
import {
  MongoDeliveryClaims,
  MongoNudgeClaims,
  MongoPreferencesStore,
} from './mongo-notification-stores.js';
import { MongoRecipientErasure } from './mongo-recipient-erasure.js';

const AT = new Date('2026-11-25T10:00:00.000Z');

/**
 * The documents as stored, read past the adapters: other code (migrations, the account's export
 * and erasure specs) reads these collections, so their shape is part of what the adapters keep.
 */
describe('the notifications’ documents as stored (FerretDB)', () => {
  const connection = databaseEmptiedBeforeEachTest();
  const stored = (name: string) => connection().collection(name).find({}).toArray();

  it('a notice, its read mark and its counter hold the fields written, nulls kept, no version key', async () => {
    const notice: Notification = {
      id: notificationIdOf('user:asha', AT, 'e1'),
      recipient: 'user:asha',
      kind: 'milestone_funded',
      eventId: 'e1',
      dealId: 'd1',
      milestoneId: null,
      title: 'Funded',
      body: '',
      actionPath: '/creator/contracts/d1',
      actionLabel: 'Open the deal',
      at: AT,
      readAt: null,
    };
    const inbox = new MongoInAppInbox(connection());
    await inbox.add(notice);
    const { id, ...fields } = notice;
    expect(await stored('notifications')).toEqual([{ _id: id, ...fields }]);
    expect(await stored('notification_counters')).toEqual([{ _id: 'user:asha', unread: 1 }]);

    await inbox.markRead('user:asha', id, AT);
    expect(await stored('notification_reads')).toEqual([{ _id: id, at: AT }]);
    expect(await stored('notifications')).toEqual([{ _id: id, ...fields, readAt: AT }]);
    expect(await stored('notification_counters')).toEqual([{ _id: 'user:asha', unread: 0 }]);
  });

  it('an account notice, about no deal, is stored with its empty deal and words as written', async () => {
    const notice: Notification = {
      id: notificationIdOf('user:asha', AT, 'export-1'),
      recipient: 'user:asha',
      kind: 'data_export_ready',
      eventId: 'export-1',
      dealId: '',
      milestoneId: null,
      title: '',
      body: '',
      actionPath: '',
      actionLabel: '',
      at: AT,
      readAt: null,
    };
    expect(await new MongoInAppInbox(connection()).add(notice)).toBe(true);
    const { id, ...fields } = notice;
    expect(await stored('notifications')).toEqual([{ _id: id, ...fields }]);

    const claims = new MongoDeliveryClaims(connection());
    const delivery = {
      eventId: '',
      recipient: 'user:asha',
      channel: 'email' as const,
      dealId: '',
      milestoneId: null,
      kind: '',
      at: AT,
      outboxKey: '',
    };
    expect(await claims.claim(delivery, new Date(0))).toBe(true);
    expect(await stored('notification_deliveries')).toEqual([
      { _id: '|user:asha|email', ...delivery, status: 'claimed', claimedAt: AT, attempt: 1 },
    ]);
  });

  it('a delivery claim, its takeover, a nudge and preferences hold the fields written', async () => {
    const claims = new MongoDeliveryClaims(connection());
    const record = {
      eventId: 'd1:4:milestone_funded',
      recipient: 'user:asha',
      channel: 'in_app' as const,
      dealId: 'd1',
      milestoneId: null,
      kind: 'milestone_funded',
      at: AT,
      outboxKey: null,
    };
    await claims.claim(record, new Date(0));
    const _id = 'd1:4:milestone_funded|user:asha|in_app';
    const claimed = { _id, ...record, status: 'claimed', claimedAt: AT, attempt: 1 };
    expect(await stored('notification_deliveries')).toEqual([claimed]);

    const later = new Date(AT.getTime() + 120_000);
    await claims.claim({ ...record, at: later }, new Date(AT.getTime() + 60_000));
    expect(await stored('notification_delivery_takeovers')).toEqual([
      { _id: `${_id}#2`, at: later },
    ]);
    await claims.done(record, later);
    expect(await stored('notification_deliveries')).toEqual([
      { ...claimed, attempt: 2, claimedAt: later, status: 'done', doneAt: later },
    ]);

    await new MongoNudgeClaims(connection()).claim('d1', '2026-11-25', AT);
    expect(await stored('notification_nudges')).toEqual([{ _id: 'd1:2026-11-25', at: AT }]);

    await new MongoPreferencesStore(connection()).set('user:asha', {
      remindersByEmail: false,
      remindersBySms: true,
    });
    expect(await stored('notification_preferences')).toEqual([
      { _id: 'user:asha', remindersByEmail: false, remindersBySms: true },
    ]);

    await new MongoRecipientErasure(connection()).forget('user:asha', [], AT);
    expect(await stored('notification_forgotten_recipients')).toEqual([
      { _id: 'user:asha', at: AT },
    ]);
  });

  it('the history feed’s cursor and a deal’s progress hold the fields written', async () => {
    const clock = new FakeClock();
    const feed = new MongoDealHistoryFeed(connection(), dealWriteLogOn(connection()), clock);
    await feed.open();
    expect(await stored('notification_cursors')).toEqual([
      { _id: 'deal-history', position: '', startedAt: clock.now() },
    ]);
    await feed.markSeen('d1', 3);
    await feed.markSeen('d1', 2);
    expect(await stored('notification_deal_progress')).toEqual([{ _id: 'd1', seen: 3 }]);
  });
});
