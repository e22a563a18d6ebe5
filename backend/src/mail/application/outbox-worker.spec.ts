import { Logger } from '@nestjs/common';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { OutboxWorker } from './outbox-worker.js';
import type { MailSettings } from './ports/mail-settings.js';
import { MailTransportError } from './ports/mail-transport.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import {
  InMemoryOutboxStore,
  RecordingMailTransport,
} from '../../../test/support/in-memory-outbox-store.js';

const SETTINGS: MailSettings = {
  delivery: 'on',
  messageIdDomain: 'paylock.in',
  supportEmail: 'support@paylock.in',
  worker: {
    pollIntervalMs: 1000,
    concurrency: 2,
    maxAttempts: 4,
    retryBaseDelayMs: 1000,
    retryMaxDelayMs: 3000,
    claimLeaseMs: 60_000,
  },
};

const MAIL: OutgoingMail = {
  key: 'waitlist-confirmation:e1:1',
  kind: 'waitlist-confirmation',
  to: { email: 'asha@example.com', name: 'Asha' },
  data: { confirmUrl: 'https://paylock.in/c?t=1', expiresInHours: '72' },
};

const temporary = (reply = '421 4.3.0 try again later') => new MailTransportError(reply, false);

describe('OutboxWorker', () => {
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  afterAll(() => {
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
  });

  let clock: FakeClock;
  let store: InMemoryOutboxStore;
  let transport: RecordingMailTransport;
  const workerOn = (holderStore = store) =>
    new OutboxWorker(holderStore, transport, clock, SETTINGS);

  beforeEach(() => {
    clock = new FakeClock();
    store = new InMemoryOutboxStore();
    transport = new RecordingMailTransport();
  });

  it('sends a due message once, with a Message-ID derived from its id, and records it as sent', async () => {
    const id = store.add(MAIL, clock.now());
    const worker = workerOn();
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      messageId: `<${id}@paylock.in>`,
      to: MAIL.to,
      subject: 'Confirm your place on the Paylock waitlist',
    });
    expect(store.get(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('reports drained once a pass that began after the question found nothing due', async () => {
    store.add(MAIL, clock.now());
    store.add({ ...MAIL, key: 'waitlist-confirmation:e2:1' }, clock.now());
    const worker = workerOn();
    worker.start();
    await worker.drained();
    expect(transport.sent).toHaveLength(2);
    await worker.stop();
  });

  it('reports drained at once when it does not deliver', async () => {
    store.add(MAIL, clock.now());
    await workerOn().drained();
    expect(transport.sent).toHaveLength(0);
  });

  it('lets only one of two workers send an attempt', async () => {
    store.add(MAIL, clock.now());
    const [first, second] = [workerOn(), workerOn()];
    await Promise.all([first.runOnce(), second.runOnce()]);
    expect(transport.sent).toHaveLength(1);
  });

  it('retries after 1×, 2×, 4× the base delay (capped), then parks it as failed with the last answer', async () => {
    const id = store.add(MAIL, clock.now());
    transport.failures.push(
      temporary('421 a'),
      temporary('421 b'),
      temporary('421 c'),
      temporary('451 d'),
    );
    const worker = workerOn();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await worker.runOnce()).toBe(1);
      const message = store.get(id);
      if (message.status === 'queued') {
        delays.push(message.nextAttemptAt.getTime() - clock.now().getTime());
        expect(await worker.runOnce()).toBe(0); // not due yet
        clock.advance(message.nextAttemptAt.getTime() - clock.now().getTime());
      }
    }
    expect(delays).toEqual([1000, 2000, 3000]);
    expect(store.get(id)).toMatchObject({ status: 'failed', attempts: 4, lastError: '451 d' });
    expect(transport.sent).toHaveLength(0);
  });

  it('parks a message the server refuses for good (5xx) at once, keeping the answer', async () => {
    const id = store.add(MAIL, clock.now());
    transport.failures.push(new MailTransportError('550 5.1.1 mailbox unavailable', true));
    await workerOn().runOnce();
    expect(store.get(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: '550 5.1.1 mailbox unavailable',
    });
  });

  it('parks a message whose data does not fit its template, without sending', async () => {
    const id = store.add({ ...MAIL, data: { expiresInHours: '72' } }, clock.now());
    await workerOn().runOnce();
    expect(store.get(id)).toMatchObject({
      status: 'failed',
      lastError: 'confirmUrl must be an absolute URL',
    });
    expect(transport.sent).toHaveLength(0);
  });

  it('takes over an attempt whose holder died once its lease lapsed, with the same Message-ID', async () => {
    const id = store.add(MAIL, clock.now());
    // A worker claimed attempt 1 and died before recording anything.
    await store.claimAttempt({
      messageId: id,
      attempt: 1,
      holder: 'dead',
      claimedAt: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 60_000),
    });
    await store.markSending(id, 1, new Date(clock.now().getTime() + 60_000));
    const worker = workerOn();
    expect(await worker.runOnce()).toBe(0); // the lease still holds
    clock.advance(60_001);
    expect(await worker.runOnce()).toBe(1);
    expect(store.get(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(transport.sent.map((message) => message.messageId)).toEqual([`<${id}@paylock.in>`]);
  });

  it('takes over a claim whose holder died before marking the message as sending', async () => {
    const id = store.add(MAIL, clock.now());
    await store.claimAttempt({
      messageId: id,
      attempt: 1,
      holder: 'dead',
      claimedAt: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 60_000),
    });
    const worker = workerOn();
    expect(await worker.runOnce()).toBe(0);
    clock.advance(60_001);
    expect(await worker.runOnce()).toBe(1);
    expect(store.get(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends again a message sent since it was looked up, even when that claim has lapsed', async () => {
    const id = store.add(MAIL, clock.now());
    const [stale] = await store.due(clock.now(), 1);
    if (!stale) throw new Error('due');
    await workerOn().runOnce(); // another worker sends it
    clock.advance(SETTINGS.worker.claimLeaseMs + 1); // its claim lapses; the stale view remains
    expect(await workerOn().deliver(stale)).toBe('skipped');
    expect(transport.sent).toHaveLength(1);
    expect(store.get(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('starts a fresh round of attempts after a manual retry', async () => {
    const id = store.add(MAIL, clock.now());
    transport.failures.push(new MailTransportError('550 no', true));
    const worker = workerOn();
    await worker.runOnce();
    const message = store.messages.get(id);
    if (!message) throw new Error('stored');
    Object.assign(message, { status: 'queued', roundStartedAfter: message.attempts });
    await worker.runOnce();
    expect(store.get(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it.each(['no-smtp-server', 'off'] as const)(
    'does not poll when delivery is %s: messages stay queued',
    async (delivery) => {
      const id = store.add(MAIL, clock.now());
      const idle = new OutboxWorker(store, transport, clock, { ...SETTINGS, delivery });
      idle.start();
      await idle.stop();
      expect(store.get(id).status).toBe('queued');
      expect(transport.sent).toHaveLength(0);
    },
  );
});
