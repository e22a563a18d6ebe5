import type { OutboxMessage } from '../../src/mail/domain/outbox-message.js';
import type { OutgoingMail } from '../../src/mail/domain/outgoing-mail.js';
import {
  MailTransport,
  type TransportMessage,
  type TransportReceipt,
} from '../../src/mail/application/ports/mail-transport.js';
import {
  type AttemptClaim,
  type ClaimOutcome,
  OutboxStore,
} from '../../src/mail/application/ports/outbox-store.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The worker's store in memory, claims unique by `${messageId}:${attempt}` as in MongoDB. */
export class InMemoryOutboxStore extends OutboxStore {
  readonly messages = new Map<string, Mutable<OutboxMessage>>();
  readonly claims = new Map<string, AttemptClaim>();
  private nextId = 1;

  add(mail: OutgoingMail, at: Date): string {
    const id = `m${this.nextId++}`;
    this.messages.set(id, {
      id,
      key: mail.key,
      kind: mail.kind,
      to: mail.to,
      data: mail.data,
      status: 'queued',
      attempts: 0,
      roundStartedAfter: 0,
      createdAt: at,
      nextAttemptAt: at,
    });
    return id;
  }

  get(id: string): OutboxMessage {
    const message = this.messages.get(id);
    if (!message) throw new Error(`no message ${id}`);
    return { ...message };
  }

  find(messageId: string): Promise<OutboxMessage | undefined> {
    const message = this.messages.get(messageId);
    return Promise.resolve(message ? { ...message } : undefined);
  }

  due(now: Date, limit: number): Promise<OutboxMessage[]> {
    const due = [...this.messages.values()].filter(
      (message) =>
        (message.status === 'queued' && message.nextAttemptAt <= now) ||
        (message.status === 'sending' &&
          message.leaseUntil !== undefined &&
          message.leaseUntil < now),
    );
    return Promise.resolve(due.slice(0, limit).map((message) => ({ ...message })));
  }

  claimAttempt(claim: AttemptClaim): Promise<ClaimOutcome> {
    const id = `${claim.messageId}:${claim.attempt}`;
    const existing = this.claims.get(id);
    if (existing) return Promise.resolve({ won: false, existing });
    this.claims.set(id, claim);
    return Promise.resolve({ won: true });
  }

  private update(id: string, change: Partial<Mutable<OutboxMessage>>, unlessSent = true): void {
    const message = this.messages.get(id);
    if (!message || (unlessSent && message.status === 'sent')) return;
    Object.assign(message, change);
  }

  markSending(messageId: string, attempt: number, leaseUntil: Date): Promise<void> {
    this.update(messageId, { status: 'sending', attempts: attempt, leaseUntil });
    return Promise.resolve();
  }

  markSent(messageId: string, attempt: number, at: Date): Promise<void> {
    this.update(
      messageId,
      { status: 'sent', attempts: attempt, sentAt: at, leaseUntil: undefined },
      false,
    );
    return Promise.resolve();
  }

  reschedule(
    messageId: string,
    attempt: number,
    nextAttemptAt: Date,
    error: string,
  ): Promise<void> {
    this.update(messageId, {
      status: 'queued',
      attempts: attempt,
      nextAttemptAt,
      lastError: error,
      leaseUntil: undefined,
    });
    return Promise.resolve();
  }

  park(messageId: string, attempt: number, at: Date, error: string): Promise<void> {
    this.update(messageId, {
      status: 'failed',
      attempts: attempt,
      failedAt: at,
      lastError: error,
      leaseUntil: undefined,
    });
    return Promise.resolve();
  }
}

/** A transport that records what it sent and fails on demand. */
export class RecordingMailTransport extends MailTransport {
  readonly sent: TransportMessage[] = [];
  /** Each call takes the next failure, if any; then it succeeds. */
  readonly failures: Error[] = [];

  send(message: TransportMessage): Promise<TransportReceipt> {
    const failure = this.failures.shift();
    if (failure) return Promise.reject(failure);
    this.sent.push(message);
    return Promise.resolve({ response: `250 queued as ${this.sent.length}` });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
