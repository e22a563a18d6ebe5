import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { EraseWaitlistEntry } from '../src/waitlist/application/erase-waitlist-entry.use-case.js';
import { EntryErasure } from '../src/waitlist/application/ports/entry-erasure.js';
import { RunRetention } from '../src/retention/index.js';
import { RetentionLedger } from '../src/retention/application/ports/retention-ledger.js';
import { RetentionScheduler } from '../src/retention/infrastructure/retention-scheduler.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The fake clock's start: 2026-11-20T10:00Z. */
const NOW = new Date('2026-11-20T10:00:00Z');

/** A stored document keyed by a string `_id`, as the tests write them. */
type Keyed = { _id: string } & Record<string, unknown>;

interface AuditRecord {
  action: string;
  actor: { userId: string };
  details: { erasedEntries?: number; pruned?: Record<string, number>; entryId?: string };
}

/** The app with its clock moved by the test and its scheduler kept still (the test runs it). */
async function retentionApp(clock: FakeClock, env: Record<string, string>): Promise<TestApp> {
  return createTestApp({
    env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '1000', ...env },
    configure: (builder) => {
      builder.overrideProvider(Clock).useValue(clock);
      builder.overrideProvider(RetentionScheduler).useValue({});
    },
  });
}

async function join(testApp: TestApp, people: readonly number[]): Promise<void> {
  for (const person of people) {
    await request(testApp.server).post(WAITLIST).send(waitlistSubmission(person)).expect(201);
  }
}

const entriesIn = (testApp: TestApp) =>
  testApp.connection.collection('waitlist_entries').countDocuments({});

const retentionEvents = (testApp: TestApp) =>
  testApp.connection
    .collection<AuditRecord>('admin_audit_log')
    .find({ action: 'retention.applied' })
    .toArray();

const erasedInAudit = async (testApp: TestApp) =>
  (await retentionEvents(testApp)).reduce(
    (sum, event) => sum + (event.details.erasedEntries ?? 0),
    0,
  );

/** Each test starts an app of its own (two for the race): on a loaded machine that alone can take 30 s. */
const APP_TEST_MS = 120_000;

describe('retention (issue #29)', () => {
  let testApp: TestApp | undefined;
  let other: TestApp | undefined;

  afterEach(async () => {
    await other?.app.close();
    other = undefined;
    await testApp?.close();
    testApp = undefined;
  });

  it(
    'erases nothing while LAUNCH_DATE is in the future',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, {
        LAUNCH_DATE: '2027-06-01',
        WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH: '1',
      });
      await join(testApp, [1, 2]);

      const result = await testApp.app.get(RunRetention).execute();

      expect(result).toMatchObject({ ran: true, waitlistDue: false, erasedEntries: 0 });
      expect(await entriesIn(testApp)).toBe(2);
      expect(await erasedInAudit(testApp)).toBe(0);
    },
    APP_TEST_MS,
  );

  it(
    'erases every entry, its mail and links once the period has passed, and records the count only',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, {
        LAUNCH_DATE: '2025-11-01',
        WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH: '12',
      });
      await join(testApp, [1, 2, 3]);
      const outbox = testApp.connection.collection<{ to: { email: string } }>('outbox');
      expect(await outbox.countDocuments({ 'to.email': 'creator1@example.com' })).toBe(1);

      const result = await testApp.app.get(RunRetention).execute();

      expect(result).toMatchObject({ ran: true, waitlistDue: true, erasedEntries: 3 });
      expect(await entriesIn(testApp)).toBe(0);
      expect(await testApp.connection.collection('link_tokens').countDocuments({})).toBe(0);
      // The confirmation e-mails of joining are gone; only the erasure notices wait, and they
      // forget their recipient once sent.
      const queued = await testApp.connection
        .collection<{ kind: string; forgetRecipientOnceSent?: boolean }>('outbox')
        .find({})
        .toArray();
      expect(queued.map(({ kind }) => kind)).toEqual(Array(3).fill('erasure-confirmation'));
      expect(queued.every((message) => message.forgetRecipientOnceSent)).toBe(true);
      const events = await retentionEvents(testApp);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actor: { userId: 'system' },
        details: { erasedEntries: 3 },
      });
      expect(JSON.stringify(events)).not.toContain('creator');
    },
    APP_TEST_MS,
  );

  it(
    "removes an erased entry's id from the audit log's events, keeping the events",
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, { LAUNCH_DATE: '2025-01-01' });
      await join(testApp, [1]);
      const [entryId] = await testApp.app.get(EntryErasure).idsAfter(undefined, 1);
      const audit = testApp.connection.collection<AuditRecord>('admin_audit_log');
      await audit.insertOne({
        action: 'invite.revoked',
        actor: { userId: 'admin-1' },
        details: { entryId },
      });

      await testApp.app.get(RunRetention).execute();

      const revoked = await audit.find({ action: 'invite.revoked' }).toArray();
      expect(revoked.map(({ details }) => details)).toEqual([{}]);
    },
    APP_TEST_MS,
  );

  it(
    'counts each entry once: the next window erases nothing more',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, { LAUNCH_DATE: '2025-01-01' });
      await join(testApp, [1, 2]);
      await testApp.app.get(RunRetention).execute();
      clock.advance(HOUR_MS);
      await join(testApp, [3]);

      const again = await testApp.app.get(RunRetention).execute();

      expect(again).toMatchObject({ ran: true, erasedEntries: 1 });
      expect(await erasedInAudit(testApp)).toBe(3);
    },
    APP_TEST_MS,
  );

  it(
    'runs once per window however many instances try',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, { LAUNCH_DATE: '2025-01-01' });
      other = await retentionApp(clock, { LAUNCH_DATE: '2025-01-01' });
      await join(testApp, [1, 2, 3, 4]);

      const results = await Promise.all([
        testApp.app.get(RunRetention).execute(),
        other.app.get(RunRetention).execute(),
      ]);

      expect(results.filter(({ ran }) => ran)).toHaveLength(1);
      expect(await entriesIn(testApp)).toBe(0);
      expect(await erasedInAudit(testApp)).toBe(4);
    },
    APP_TEST_MS,
  );

  it(
    'resumes an erasure a killed run left half-done, and counts it once',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, { LAUNCH_DATE: '2025-01-01' });
      await join(testApp, [1, 2]);
      // A run killed (SIGKILL) after claiming the first entry and starting its erasure.
      const [first] = await testApp.app.get(EntryErasure).idsAfter(undefined, 1);
      if (first === undefined) throw new Error('no entry');
      const ledger = testApp.app.get(RetentionLedger);
      expect(
        await ledger.claimErasure(first, clock.now(), new Date(clock.now().getTime() + 600_000)),
      ).toBe(true);
      await testApp.app.get(EntryErasure).markErasureRequested(first, clock.now());

      // Within the dead claimant's lease, another run leaves that entry alone.
      clock.advance(HOUR_MS / 12);
      const during = await testApp.app.get(RunRetention).execute();
      expect(during.erasedEntries).toBe(1);
      expect(await entriesIn(testApp)).toBe(1);

      // After the lease, the next run finishes it.
      clock.advance(HOUR_MS);
      const after = await testApp.app.get(RunRetention).execute();
      expect(after.erasedEntries).toBe(1);
      expect(await entriesIn(testApp)).toBe(0);
      expect(await erasedInAudit(testApp)).toBe(2);
    },
    APP_TEST_MS,
  );

  it(
    'counts an entry whose erasure the sweeper finished after a killed run',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, { LAUNCH_DATE: '2025-01-01' });
      await join(testApp, [1]);
      const [first] = await testApp.app.get(EntryErasure).idsAfter(undefined, 1);
      if (first === undefined) throw new Error('no entry');
      await testApp.app.get(RetentionLedger).claimErasure(first, clock.now(), clock.now());
      await testApp.app.get(EraseWaitlistEntry).execute(first);
      clock.advance(HOUR_MS);

      expect((await testApp.app.get(RunRetention).execute()).erasedEntries).toBe(1);
      expect(await erasedInAudit(testApp)).toBe(1);
    },
    APP_TEST_MS,
  );

  it(
    'removes finished mail and SMS, stale codes, spent claims and ended sessions after their periods, and keeps recent ones',
    async () => {
      const clock = new FakeClock(NOW);
      testApp = await retentionApp(clock, {});
      const db = testApp.connection;
      const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
      const message = (id: string, status: string, at: Date) => ({
        _id: id,
        key: id,
        kind: 'waitlist-confirmation',
        to: { email: `${id}@example.com`, name: id },
        data: {},
        status,
        attempts: 1,
        roundStartedAfter: 0,
        createdAt: at,
        nextAttemptAt: at,
        ...(status === 'sent' ? { sentAt: at } : { failedAt: at }),
      });
      await db
        .collection<{ _id: string }>('outbox')
        .insertMany([
          message('old-sent', 'sent', daysAgo(31)),
          message('old-failed', 'failed', daysAgo(40)),
          message('recent-sent', 'sent', daysAgo(29)),
        ]);
      await db.collection<Keyed>('outbox_claims').insertMany([
        {
          _id: 'old:1',
          messageId: 'old',
          attempt: 1,
          holder: 'w',
          claimedAt: daysAgo(9),
          leaseUntil: daysAgo(8),
        },
        {
          _id: 'new:1',
          messageId: 'new',
          attempt: 1,
          holder: 'w',
          claimedAt: daysAgo(1),
          leaseUntil: daysAgo(1),
        },
      ]);
      await db.collection<Keyed>('auth_sessions').insertMany([
        {
          _id: 'ended',
          userId: 'u',
          createdAt: daysAgo(90),
          absoluteExpiresAt: daysAgo(60),
          revokedAt: null,
        },
        {
          _id: 'live',
          userId: 'u',
          createdAt: daysAgo(1),
          absoluteExpiresAt: daysAgo(-29),
          revokedAt: null,
        },
      ]);
      await db.collection<Keyed>('auth_refresh_tokens').insertMany([
        { _id: 'ended-token', sessionId: 'ended', issuedAt: daysAgo(61), expiresAt: daysAgo(60) },
        { _id: 'live-token', sessionId: 'live', issuedAt: daysAgo(1), expiresAt: daysAgo(-6) },
      ]);

      const sms = (id: string, status: string, at: Date, code: string | null) => ({
        _id: id,
        to: '+919876543210',
        kind: 'otp',
        code,
        status,
        attempts: 1,
        createdAt: at,
        nextAttemptAt: at,
        expiresAt: new Date(at.getTime() + 600_000),
      });
      await db.collection<Keyed>('sms_outbox').insertMany([
        sms('sms-old-sent', 'sent', daysAgo(31), null),
        sms('sms-recent-sent', 'sent', daysAgo(2), null),
        // A worker died mid-attempt long ago: its sealed code outlived the code itself.
        sms('sms-stale', 'sending', daysAgo(1), 'v1:sealed:code'),
      ]);
      await db.collection<Keyed>('sms_claims').insertMany([
        { _id: 'sms-old-sent:1', holder: 'worker', at: daysAgo(31) },
        { _id: 'sms-stale:1', holder: 'worker', at: daysAgo(1) },
      ]);

      const result = await testApp.app.get(RunRetention).execute();
      const ids = async (name: string) =>
        (await db.collection<{ _id: string }>(name).find({}).toArray())
          .map(({ _id }) => _id)
          .sort();

      expect(result.pruned).toEqual({
        'outbox-finished': 2,
        'outbox-claims': 1,
        'auth-sessions': 1,
        'sms-stale-codes': 1,
        'sms-finished': 1,
        'sms-claims': 1,
      });
      expect(await ids('sms_outbox')).toEqual(['sms-recent-sent', 'sms-stale']);
      expect(
        (await db.collection('sms_outbox').findOne({ _id: 'sms-stale' as never }))?.code,
      ).toBeNull();
      expect(await ids('sms_claims')).toEqual(['sms-stale:1']);
      expect(await ids('outbox')).toEqual(['recent-sent']);
      expect(await ids('outbox_claims')).toEqual(['new:1']);
      expect(await ids('auth_sessions')).toEqual(['live']);
      expect(await ids('auth_refresh_tokens')).toEqual(['live-token']);
      const events = await retentionEvents(testApp);
      expect(events.map(({ details }) => details)).toEqual([
        { erasedEntries: 0, pruned: result.pruned },
      ]);
    },
    APP_TEST_MS,
  );
});
