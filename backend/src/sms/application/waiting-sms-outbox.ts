import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { firstAttemptFailed } from '../domain/sms-message.js';
import { type NoticeSms, type OtpSms, SmsOutbox, type SmsSendOutcome } from '../sms.contract.js';
import { SmsOutboxStore } from './ports/sms-outbox.store.js';
import { SmsWorker } from './sms-worker.js';

/** How long a request waits for its message's first attempt, and how often it looks. */
export class SmsWaitSettings {
  constructor(
    readonly maxWaitMs: number,
    readonly pollMs: number,
  ) {}
}

/**
 * The SmsOutbox features get: stores the message, wakes this instance's worker and watches the
 * message until its first attempt is over. Accepted → `sent`. Failed → the message is withdrawn
 * (so a retry cannot deliver a code the person was told did not go out) → `failed`. No answer in
 * time, or no worker here → `pending`: the message stays queued and some worker sends it.
 */
@Injectable()
export class WaitingSmsOutbox extends SmsOutbox {
  constructor(
    private readonly store: SmsOutboxStore,
    private readonly worker: SmsWorker,
    private readonly clock: Clock,
    private readonly settings: SmsWaitSettings,
  ) {
    super();
  }

  async enqueue(sms: NoticeSms): Promise<void> {
    await this.store.add(sms, this.clock.now());
    if (this.worker.delivering) this.worker.wake();
  }

  async send(sms: OtpSms): Promise<SmsSendOutcome> {
    const stored = await this.store.add(sms, this.clock.now());
    if (!this.worker.delivering) return 'pending';
    this.worker.wake();
    const deadline = Date.now() + this.settings.maxWaitMs;
    for (;;) {
      const current = await this.store.find(stored.id);
      if (!current || current.status === 'sent') return current ? 'sent' : 'failed';
      if (current.status === 'expired' || current.status === 'withdrawn') return 'failed';
      if (firstAttemptFailed(current)) {
        if (current.status === 'failed' || (await this.store.withdraw(stored.id))) return 'failed';
        continue; // a retry was claimed meanwhile: its outcome decides
      }
      if (Date.now() >= deadline) return 'pending';
      await sleep(this.settings.pollMs);
    }
  }
}
