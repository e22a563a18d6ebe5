import type { OutgoingMail } from '../domain/outgoing-mail.js';
import type { OutboxWorker } from './outbox-worker.js';
import { Outbox } from './ports/outbox.js';

/**
 * The Outbox other modules get: stores through the real store, then nudges this process's
 * worker so the message usually leaves at once rather than at the next poll. The nudge is a
 * timer, never awaited: the request that enqueued never waits for SMTP.
 */
export class WakingOutbox extends Outbox {
  constructor(
    private readonly store: Pick<
      Outbox,
      'enqueue' | 'enqueueMany' | 'discardQueuedTo' | 'forgetRecipient' | 'forgetAbout'
    >,
    private readonly worker: OutboxWorker,
  ) {
    super();
  }

  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.store.enqueue(mail);
    this.worker.wake();
  }

  override async enqueueMany(mails: readonly OutgoingMail[]): Promise<void> {
    await this.store.enqueueMany(mails);
    if (mails.length > 0) this.worker.wake();
  }

  discardQueuedTo(email: string): Promise<number> {
    return this.store.discardQueuedTo(email);
  }

  forgetRecipient(email: string, keepKey?: string): Promise<void> {
    return this.store.forgetRecipient(email, keepKey);
  }

  forgetAbout(subject: string, keepKey?: string): Promise<void> {
    return this.store.forgetAbout(subject, keepKey);
  }
}
