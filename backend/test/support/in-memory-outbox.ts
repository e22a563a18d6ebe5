import type { OutgoingMail } from '../../src/mail/domain/outgoing-mail.js';
import { Outbox } from '../../src/mail/application/ports/outbox.js';

/**
 * An Outbox for unit tests of the modules that send mail: records what was enqueued, one message
 * per key (as the real store). Lives in test/support, outside the production build.
 */
export class InMemoryOutbox extends Outbox {
  private readonly byKey = new Map<string, OutgoingMail>();
  /** Set to make the next enqueue fail (a database outage). */
  failNextEnqueue: Error | undefined;

  /** Every stored message, in enqueue order. */
  get messages(): readonly OutgoingMail[] {
    return [...this.byKey.values()];
  }

  messagesTo(email: string): OutgoingMail[] {
    return this.messages.filter((mail) => mail.to.email === email);
  }

  enqueue(mail: OutgoingMail): Promise<void> {
    const failure = this.failNextEnqueue;
    if (failure) {
      this.failNextEnqueue = undefined;
      return Promise.reject(failure);
    }
    if (!this.byKey.has(mail.key)) this.byKey.set(mail.key, structuredClone(mail));
    return Promise.resolve();
  }

  forgetRecipient(email: string, keepKey?: string): Promise<void> {
    for (const [key, mail] of this.byKey) {
      if (mail.to.email === email && key !== keepKey) this.byKey.delete(key);
    }
    return Promise.resolve();
  }

  forgetAbout(subject: string, keepKey?: string): Promise<void> {
    for (const [key, mail] of this.byKey) {
      if (mail.about === subject && key !== keepKey) this.byKey.delete(key);
    }
    return Promise.resolve();
  }

  discardQueuedTo(email: string): Promise<number> {
    let discarded = 0;
    for (const [key, mail] of this.byKey) {
      if (mail.to.email === email) {
        this.byKey.delete(key);
        discarded += 1;
      }
    }
    return Promise.resolve(discarded);
  }
}
