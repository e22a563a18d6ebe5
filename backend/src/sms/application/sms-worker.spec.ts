import { FakeClock } from '../../../test/support/fake-clock.js';
import type { StoredSms } from '../domain/sms-message.js';
import type { OutgoingSms } from '../sms.contract.js';
import { SmsOutboxStore } from './ports/sms-outbox.store.js';
import { type ProviderSms, SmsSender, SmsSendError } from './ports/sms-sender.js';
import { SmsWorker, SmsWorkerSettings } from './sms-worker.js';

class MemoryStore extends SmsOutboxStore {
  readonly messages = new Map<string, StoredSms>();
  readonly claims = new Set<string>();

  add(sms: OutgoingSms, now: Date): Promise<StoredSms> {
    const stored: StoredSms = {
      id: sms.key,
      to: sms.to,
      kind: sms.kind,
      code: sms.kind === 'otp' ? sms.code : null,
      template: sms.kind === 'notice' ? { id: sms.templateId, variables: sms.variables } : null,
      status: 'queued',
      attempts: 0,
      createdAt: now,
      nextAttemptAt: sms.kind === 'notice' ? sms.notBefore : now,
      expiresAt: sms.expiresAt,
    };
    this.messages.set(sms.key, stored);
    return Promise.resolve(stored);
  }
  find(id: string): Promise<StoredSms | undefined> {
    return Promise.resolve(this.messages.get(id));
  }
  due(now: Date): Promise<StoredSms[]> {
    return Promise.resolve(
      [...this.messages.values()].filter((m) => m.status === 'queued' && m.nextAttemptAt <= now),
    );
  }
  claimAttempt(message: StoredSms, _now: Date, leaseUntil: Date): Promise<boolean> {
    const claim = `${message.id}:${message.attempts + 1}`;
    if (this.claims.has(claim)) return Promise.resolve(false);
    this.claims.add(claim);
    this.update(message.id, { status: 'sending', attempts: message.attempts + 1, leaseUntil });
    return Promise.resolve(true);
  }
  markSent(id: string, _attempt: number, at: Date, response: string): Promise<void> {
    this.update(id, { status: 'sent', sentAt: at, providerResponse: response, code: null });
    return Promise.resolve();
  }
  reschedule(id: string, _attempt: number, at: Date, error: string): Promise<void> {
    this.update(id, { status: 'queued', nextAttemptAt: at, lastError: error });
    return Promise.resolve();
  }
  settle(id: string, _attempt: number, status: 'failed' | 'expired', error: string) {
    this.update(id, { status, lastError: error, code: null });
    return Promise.resolve();
  }
  withdraw(): Promise<boolean> {
    return Promise.resolve(false);
  }
  countSentSince(): Promise<number> {
    return Promise.resolve(0);
  }
  private update(id: string, change: Partial<StoredSms>) {
    const message = this.messages.get(id);
    if (message) this.messages.set(id, { ...message, ...change });
  }
}

class ScriptedSender extends SmsSender {
  readonly sent: ProviderSms[] = [];
  failures: SmsSendError[] = [];

  send(sms: ProviderSms): Promise<string> {
    const failure = this.failures.shift();
    if (failure) return Promise.reject(failure);
    this.sent.push(sms);
    return Promise.resolve('request-id');
  }
}

function setup() {
  const clock = new FakeClock();
  const store = new MemoryStore();
  const sender = new ScriptedSender();
  const worker = new SmsWorker(store, sender, clock, new SmsWorkerSettings(true, 1000, 15_000));
  const queue = (expiresInMs = 600_000) =>
    store.add(
      {
        key: 'otp:1',
        to: '+919876543210',
        kind: 'otp',
        code: '042917',
        expiresAt: new Date(clock.now().getTime() + expiresInMs),
      },
      clock.now(),
    );
  return { clock, store, sender, worker, queue };
}

describe('SmsWorker', () => {
  it('sends a due message once and forgets its code', async () => {
    const { store, sender, worker, queue } = setup();
    await queue();
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(sender.sent).toEqual([{ to: '+919876543210', code: '042917' }]);
    expect(store.messages.get('otp:1')).toMatchObject({ status: 'sent', code: null });
  });

  it('retries a passing failure after 2 s, and gives up at once on a permanent one', async () => {
    const { clock, store, sender, worker, queue } = setup();
    await queue();
    sender.failures = [new SmsSendError('503', false)];
    await worker.runOnce();
    expect(store.messages.get('otp:1')).toMatchObject({ status: 'queued', attempts: 1 });
    clock.advanceSeconds(2);
    await worker.runOnce();
    expect(store.messages.get('otp:1')).toMatchObject({ status: 'sent', attempts: 2 });

    store.messages.clear();
    store.claims.clear();
    await queue();
    sender.failures = [new SmsSendError('401 Authentication failure', true)];
    await worker.runOnce();
    expect(store.messages.get('otp:1')).toMatchObject({ status: 'failed', code: null });
  });

  it('never sends a code after it expired, nor retries past its expiry', async () => {
    const { clock, store, sender, worker, queue } = setup();
    await queue(1_000);
    clock.advanceSeconds(2);
    await worker.runOnce();
    expect(store.messages.get('otp:1')).toMatchObject({ status: 'expired', code: null });
    expect(sender.sent).toHaveLength(0);

    store.messages.clear();
    store.claims.clear();
    await queue(1_500);
    sender.failures = [new SmsSendError('timeout', false)];
    await worker.runOnce();
    expect(store.messages.get('otp:1')).toMatchObject({ status: 'failed', code: null });
  });

  it('sends a notice through its own template from its first sendable moment (#39)', async () => {
    const { clock, store, sender, worker } = setup();
    await store.add(
      {
        key: 'ntf:1',
        to: '+919876543210',
        kind: 'notice',
        templateId: 'tpl-funding-due',
        variables: { milestone: 'Signing', amount: '₹25,000.00' },
        notBefore: new Date(clock.now().getTime() + 60_000),
        expiresAt: new Date(clock.now().getTime() + 86_400_000),
      },
      clock.now(),
    );
    expect(await worker.runOnce()).toBe(0);
    clock.advanceSeconds(60);
    expect(await worker.runOnce()).toBe(1);
    expect(sender.sent).toEqual([
      {
        to: '+919876543210',
        templateId: 'tpl-funding-due',
        variables: { milestone: 'Signing', amount: '₹25,000.00' },
      },
    ]);
    expect(store.messages.get('ntf:1')).toMatchObject({ status: 'sent' });
  });

  it('retries a notice through a provider outage until it is back, never past its staleness (#39)', async () => {
    const { clock, store, sender, worker } = setup();
    await store.add(
      {
        key: 'ntf:2',
        to: '+919876543210',
        kind: 'notice',
        templateId: 'tpl-funding-due',
        variables: { milestone: 'Signing' },
        notBefore: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 86_400_000),
      },
      clock.now(),
    );
    // Down for 30 s: a code would have been given up after its 4th attempt (14 s in).
    sender.failures = Array.from({ length: 5 }, () => new SmsSendError('unreachable', false));
    const waits: number[] = [];
    while (sender.failures.length > 0) {
      await worker.runOnce();
      const { nextAttemptAt } = store.messages.get('ntf:2') ?? {};
      waits.push((nextAttemptAt?.getTime() ?? 0) - clock.now().getTime());
      clock.advance(waits.at(-1) ?? 0);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    await worker.runOnce();
    expect(store.messages.get('ntf:2')).toMatchObject({ status: 'sent', attempts: 6 });
    expect(sender.sent).toHaveLength(1);

    // Its waits stop growing at 5 minutes; once the next would come after it went stale, it is
    // given up.
    store.messages.clear();
    store.claims.clear();
    await store.add(
      {
        key: 'ntf:3',
        to: '+919876543210',
        kind: 'notice',
        templateId: 'tpl-funding-due',
        variables: { milestone: 'Signing' },
        notBefore: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 3_600_000),
      },
      clock.now(),
    );
    sender.failures = Array.from({ length: 100 }, () => new SmsSendError('unreachable', false));
    let longest = 0;
    while (store.messages.get('ntf:3')?.status === 'queued') {
      const { nextAttemptAt } = store.messages.get('ntf:3') ?? {};
      clock.advance(Math.max(0, (nextAttemptAt?.getTime() ?? 0) - clock.now().getTime()));
      await worker.runOnce();
      const next = store.messages.get('ntf:3')?.nextAttemptAt.getTime() ?? 0;
      longest = Math.max(longest, next - clock.now().getTime());
    }
    expect(longest).toBe(300_000);
    expect(store.messages.get('ntf:3')).toMatchObject({ status: 'failed' });
    expect(clock.now().getTime()).toBeLessThan(
      (store.messages.get('ntf:3')?.expiresAt ?? new Date()).getTime(),
    );
  });
});
