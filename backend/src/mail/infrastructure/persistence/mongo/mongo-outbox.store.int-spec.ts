import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../../../test/support/create-test-app.js';
import { FakeClock } from '../../../../../test/support/fake-clock.js';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import { SystemClock } from '../../../../common/infrastructure/system-clock.js';
import type { OutgoingMail } from '../../../domain/outgoing-mail.js';
import { MongoOutboxStore } from './mongo-outbox.store.js';
import { outboxStoreOn } from '../../../../../test/support/outbox-store-on.js';
import { OUTBOX_COLLECTION } from './outbox.documents.js';

const mail = (n: number, email = `person${n}@example.com`): OutgoingMail => ({
  key: `waitlist-confirmation:entry${n}:1`,
  kind: 'waitlist-confirmation',
  to: { email, name: `Person ${n}` },
  data: { confirmUrl: `https://paylock.in/c?t=${n}`, expiresInHours: '72' },
});

/** Two API instances' stores: each its own connection. */
describe('the outbox store on the real database', () => {
  let connections: Connection[];
  let stores: MongoOutboxStore[];
  const first = () => stores[0] as MongoOutboxStore;

  beforeAll(async () => {
    connections = [1, 2].map(() => mongoose.createConnection(testDatabaseUri('int')));
    for (const connection of connections) await waitForDatabase(connection);
  });

  beforeEach(async () => {
    await connections[0]?.dropDatabase();
    stores = connections.map((connection) => outboxStoreOn(connection, new SystemClock()));
  });

  afterAll(async () => {
    await connections[0]?.dropDatabase();
    for (const connection of connections) await connection.close();
  });

  it('stores a batch in one go, skipping keys already stored (an invite wave retried)', async () => {
    await first().enqueue(mail(2));
    await first().enqueueMany([mail(1), mail(2), mail(3)]);
    await stores[1]?.enqueueMany([mail(3), mail(4)]);
    const page = await first().list({ page: 1, pageSize: 10 });
    expect(page.items.map(({ key }) => key).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `waitlist-confirmation:entry${n}:1`),
    );
  });

  it('stores a message queued and due now, and one message per key however often it is enqueued', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (stores[index % 2] as MongoOutboxStore).enqueue(mail(1)),
      ),
    );
    const page = await first().list({ page: 1, pageSize: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      key: 'waitlist-confirmation:entry1:1',
      status: 'queued',
      attempts: 0,
      to: { email: 'person1@example.com', name: 'Person 1' },
    });
    expect(await first().due(new Date(), 10)).toHaveLength(1);
  });

  it('stores template data as plain strings only (no operator or prototype keys)', async () => {
    const hostile = JSON.parse(
      '{"confirmUrl":"https://paylock.in/c","expiresInHours":"72","__proto__":"x","$where":"1","a.b":"c"}',
    ) as Record<string, string>;
    await first().enqueue({ ...mail(2), data: hostile });
    const stored = await connections[0]
      ?.collection(OUTBOX_COLLECTION)
      .findOne({ key: mail(2).key });
    expect(stored?.data).toEqual({ confirmUrl: 'https://paylock.in/c', expiresInHours: '72' });
  });

  it('refuses a recipient address that could break a header', async () => {
    await expect(first().enqueue(mail(3, 'a@example.com\r\nBcc: x@example.com'))).rejects.toThrow(
      'not a plain e-mail address',
    );
  });

  it('gives each attempt to exactly one of many simultaneous claims from two instances', async () => {
    await first().enqueue(mail(4));
    const [message] = await first().due(new Date(), 1);
    if (!message) throw new Error('stored');
    const leaseUntil = new Date(Date.now() + 60_000);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (stores[index % 2] as MongoOutboxStore).claimAttempt({
          messageId: message.id,
          attempt: 1,
          holder: `worker-${index}`,
          claimedAt: new Date(),
          leaseUntil,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
    const lost = outcomes.find((outcome) => !outcome.won);
    expect(lost).toMatchObject({ won: false, existing: { attempt: 1, leaseUntil } });
  });

  it('lists newest first by status, page by page', async () => {
    // A second apart: messages of the same millisecond have no order to list them in.
    const clock = new FakeClock();
    const store = outboxStoreOn(connections[0] as Connection, clock);
    for (let n = 1; n <= 5; n += 1) {
      await store.enqueue(mail(n));
      clock.advanceSeconds(1);
    }
    const [oldest] = (await first().list({ page: 3, pageSize: 2 })).items;
    if (!oldest) throw new Error('listed');
    await first().park(oldest.id, 1, new Date(), '550 no such user');
    expect(
      (await first().list({ page: 1, pageSize: 2 })).items.map((message) => message.key),
    ).toEqual([mail(5).key, mail(4).key]);
    const failed = await first().list({ status: 'failed', page: 1, pageSize: 10 });
    expect(failed).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(failed.items[0]).toMatchObject({ key: mail(1).key, lastError: '550 no such user' });
    expect((await first().list({ status: 'queued', page: 1, pageSize: 10 })).total).toBe(4);
  });

  it('retries a failed message with a fresh round, and only a failed one', async () => {
    await first().enqueue(mail(6));
    const [message] = await first().due(new Date(), 1);
    if (!message) throw new Error('stored');
    expect(await first().retry(message.id)).toBe('not-failed');
    expect(await first().retry('no-such-message')).toBe('not-found');
    await first().park(message.id, 3, new Date(), '550 refused');
    expect(await first().retry(message.id)).toBe('retried');
    const [again] = await first().due(new Date(), 1);
    expect(again).toMatchObject({ id: message.id, status: 'queued', roundStartedAfter: 3 });
    expect(await first().retry(message.id)).toBe('not-failed');
  });

  // MongoDB applies the conditional update to a document atomically: one retry answers 'retried',
  // the other 'not-failed'. FerretDB 1.x may let both through; either way they write the same
  // state, so the message is queued once for one fresh round.
  it('queues a failed message once however many retries arrive together', async () => {
    await first().enqueue(mail(11));
    const [message] = await first().due(new Date(), 1);
    if (!message) throw new Error('stored');
    await first().park(message.id, 1, new Date(), '550 refused');
    const answers = await Promise.all(stores.map((store) => store.retry(message.id)));
    expect(answers).toContain('retried');
    expect(answers.every((answer) => answer === 'retried' || answer === 'not-failed')).toBe(true);
    const due = await first().due(new Date(), 10);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ id: message.id, status: 'queued', roundStartedAfter: 1 });
  });

  it('discards the queued and failed messages to one address, never the sent ones', async () => {
    await first().enqueue(mail(7, 'gone@example.com'));
    await first().enqueue(mail(8, 'gone@example.com'));
    await first().enqueue(mail(9, 'gone@example.com'));
    await first().enqueue(mail(10, 'stays@example.com'));
    const due = await first().due(new Date(), 10);
    const byKey = new Map(due.map((message) => [message.key, message.id]));
    await first().markSent(byKey.get(mail(8).key) ?? '', 1, new Date(), '250 ok');
    await first().park(byKey.get(mail(9).key) ?? '', 1, new Date(), '550 no');
    expect(await first().discardQueuedTo('gone@example.com')).toBe(2);
    const left = await first().list({ page: 1, pageSize: 10 });
    expect(left.items.map((message) => message.key).sort()).toEqual(
      [mail(10).key, mail(8).key].sort(),
    );
  });

  it('keeps a failed message its PDF for a retry, and a sent one no copy of it', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 signed contract');
    const withContract = (n: number): OutgoingMail => ({
      ...mail(n),
      attachments: [{ filename: 'contract.pdf', contentType: 'application/pdf', content: pdf }],
    });
    await first().enqueue(withContract(11));
    await first().enqueue(withContract(12));
    const due = await first().due(new Date(), 10);
    expect(due.map(({ attachments }) => attachments?.[0]?.content)).toEqual([pdf, pdf]);
    const byKey = new Map(due.map((message) => [message.key, message.id]));
    const sentId = byKey.get(withContract(11).key) ?? '';
    const failedId = byKey.get(withContract(12).key) ?? '';
    await first().markSent(sentId, 1, new Date(), '250 ok');
    await first().park(failedId, 1, new Date(), '550 no');

    expect((await first().find(sentId))?.attachments).toBeUndefined();
    expect((await first().find(failedId))?.attachments?.[0]?.content).toEqual(pdf);
    const stored = await connections[0]
      ?.collection<{ _id: string; attachments?: unknown[] }>(OUTBOX_COLLECTION)
      .findOne({ _id: sentId });
    expect(stored?.attachments).toEqual([]);
  });
});
