import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import type { DeliveryStatus } from '../../common/application/delivery-reports.js';
import { RepeatingTask } from '../../common/application/repeating-task.js';
import { MailTemplateError } from '../domain/mail-template.js';
import { messageIdOf, type OutboxMessage, retryDelayMs } from '../domain/outbox-message.js';
import { renderMailKind } from '../domain/render-mail-kind.js';
import { MailDeliveryReports } from './mail-delivery-reports.js';
import { MAIL_SETTINGS, type MailSettings } from './ports/mail-settings.js';
import {
  MailTransport,
  MailTransportError,
  type TransportReceipt,
} from './ports/mail-transport.js';
import { OutboxStore } from './ports/outbox-store.js';

/** How many lapsed claims of one message a worker steps over in one look (each one a dead holder). */
const MAX_TAKEOVERS = 5;
/** Retries of the `sent` record after the server accepted a message (a database hiccup). */
const RECORD_SENT_RETRY_MS = 500;

export type DeliveryOutcome = 'sent' | 'rescheduled' | 'parked' | 'skipped';

function shuffled<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 1000);
  return 'unknown error';
}

/**
 * The delivery worker every API instance runs (started and stopped by MailModule's lifecycle
 * hooks). It polls the outbox for due messages and delivers each attempt at most once across all
 * instances: an attempt is sent only by the worker whose insert of the claim
 * `${messageId}:${attempt}` succeeded (claim-once).
 *
 * Failures are retried with growing delays, then parked as `failed` with the server's answer.
 * A claim whose holder died (SIGKILL) lapses after the lease; the next attempt is then claimed
 * and sent with the same Message-ID. The exact guarantee is in ADR 0016.
 */
@Injectable()
export class OutboxWorker {
  private readonly logger = new Logger('OutboxWorker');
  /** Names this process's claims, for the admin screen and the logs. */
  readonly holder = `worker-${randomUUID()}`;
  /** Numbers the passes; `drained` waiters wait for a pass numbered above their `after`. */
  private passes = 0;
  private lastPassFoundNone = false;
  private drainWaiters: { after: number; resolve: () => void }[] = [];
  /** Polls again at once after a pass that attempted something, else after the poll interval. */
  private readonly loop = new RepeatingTask({
    run: async () => {
      const number = ++this.passes;
      const attempted = await this.runOnce();
      if (this.lastPassFoundNone) this.releaseDrainWaiters(number);
      return attempted > 0 ? 0 : this.settings.worker.pollIntervalMs;
    },
    onError: (error) => {
      // Usually the database is down; the next poll tries again. No message text: a driver
      // message may quote an address.
      this.logger.warn(
        `Outbox pass failed (${error instanceof Error ? error.name : 'unknown error'})`,
      );
      return this.settings.worker.pollIntervalMs;
    },
  });

  constructor(
    private readonly store: OutboxStore,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    @Inject(MAIL_SETTINGS) private readonly settings: MailSettings,
    private readonly reports: MailDeliveryReports = new MailDeliveryReports(),
  ) {}

  start(): void {
    if (this.loop.stopped) return; // stopped before the database was ever reachable
    if (this.settings.delivery === 'no-smtp-server') {
      this.logger.warn(
        'SMTP_URL is not set: e-mail is not delivered; messages stay queued in the outbox',
      );
      return;
    }
    if (this.settings.delivery === 'off') {
      this.logger.log('MAIL_DELIVERY is off: this instance queues e-mail; others deliver it');
      return;
    }
    if (this.loop.running) return;
    this.logger.log(`Delivering the outbox as ${this.holder}`);
    this.loop.start();
  }

  /** Stops polling and waits for the sends in flight, so a clean stop leaves no attempt in doubt. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.releaseDrainWaiters(Number.POSITIVE_INFINITY);
    await this.transport.close();
  }

  /**
   * Resolves once a pass that began after this call found no due message: everything queued
   * before the call has been sent, rescheduled for later or parked, and no send is in flight.
   * At once when this instance does not deliver. Tests await it (through the test app's
   * `settled`) instead of sleeping before they assert that some mail was not sent.
   */
  drained(): Promise<void> {
    if (!this.loop.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.drainWaiters.push({ after: this.passes, resolve });
      this.wake();
    });
  }

  private releaseDrainWaiters(upToPass: number): void {
    const waiting = this.drainWaiters;
    this.drainWaiters = waiting.filter(({ after }) => after >= upToPass);
    for (const waiter of waiting) if (waiter.after < upToPass) waiter.resolve();
  }

  /** Looks for due messages now instead of at the next poll (after an enqueue in this process). */
  wake(): void {
    this.loop.wake();
  }

  /**
   * One pass: the due messages, `concurrency` at a time. Resolves with the number of messages
   * this worker attempted (skipped ones not counted).
   */
  async runOnce(): Promise<number> {
    const { concurrency } = this.settings.worker;
    // Every instance sees the same due messages: each works through them in its own random
    // order, so instances mostly claim different ones instead of queueing behind each other.
    const due = shuffled(await this.store.due(this.clock.now(), concurrency * 8));
    this.lastPassFoundNone = due.length === 0;
    let next = 0;
    let attempted = 0;
    const lane = async () => {
      while (!this.loop.stopped && next < due.length) {
        const message = due[next++];
        if (!message) break;
        if ((await this.deliver(message)) !== 'skipped') attempted += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
    return attempted;
  }

  /** Claims the message's next attempt and, if this worker won it, sends it and records the outcome. */
  async deliver(message: OutboxMessage): Promise<DeliveryOutcome> {
    const { worker } = this.settings;
    const claimedAt = this.clock.now();
    const leaseUntil = new Date(claimedAt.getTime() + worker.claimLeaseMs);
    let attempt = message.attempts + 1;
    for (let takeovers = 0; ; takeovers += 1) {
      const outcome = await this.store.claimAttempt({
        messageId: message.id,
        attempt,
        holder: this.holder,
        claimedAt,
        leaseUntil,
      });
      if (outcome.won) break;
      const existing = outcome.existing;
      // Someone else is sending this attempt (or just did): not ours.
      if (!existing || existing.leaseUntil > claimedAt || takeovers >= MAX_TAKEOVERS) {
        return 'skipped';
      }
      // That attempt's holder died before recording anything: its attempt is spent.
      attempt += 1;
    }
    // What this worker saw may be stale by a whole pass: another worker may have sent the
    // message meanwhile (and its claim lapsed since). The claim is won; the message decides.
    const current = await this.store.find(message.id);
    if (
      !current ||
      current.status === 'sent' ||
      current.status === 'failed' ||
      current.attempts >= attempt
    ) {
      return 'skipped';
    }
    const attemptInRound = attempt - current.roundStartedAfter;
    if (attempt > message.attempts + 1 || message.status === 'sending') {
      this.logger.warn(
        `Message ${message.id}: the worker sending attempt ${attempt - 1} stopped before recording it; sending again as attempt ${attempt} with the same Message-ID`,
      );
    }
    if (attemptInRound > worker.maxAttempts) {
      await this.store.park(
        message.id,
        attempt,
        this.clock.now(),
        current.lastError ?? 'delivery interrupted: the sending process stopped mid-send',
      );
      await this.tell(message, 'failed');
      return 'parked';
    }
    await this.store.markSending(message.id, attempt, leaseUntil);

    let receipt: TransportReceipt;
    try {
      const rendered = renderMailKind(message.kind, message.to, message.data, {
        supportEmail: this.settings.supportEmail,
      });
      receipt = await this.transport.send({
        messageId: messageIdOf(message.id, this.settings.messageIdDomain),
        to: message.to,
        ...rendered,
        ...((message.attachments?.length ?? 0) > 0 && { attachments: message.attachments }),
      });
    } catch (error) {
      return this.afterFailedAttempt(message, attempt, attemptInRound, error);
    }
    // Outside the try: failing to record a send must never count as a failed send.
    await this.recordSent(message.id, attempt, receipt.response, leaseUntil);
    await this.tell(message, 'sent');
    return 'sent';
  }

  private async afterFailedAttempt(
    message: OutboxMessage,
    attempt: number,
    attemptInRound: number,
    error: unknown,
  ): Promise<DeliveryOutcome> {
    const { worker } = this.settings;
    const permanent =
      error instanceof MailTemplateError ||
      (error instanceof MailTransportError && error.permanent);
    const now = this.clock.now();
    if (permanent || attemptInRound >= worker.maxAttempts) {
      this.logger.warn(
        `Message ${message.id} (${message.kind}) parked as failed after attempt ${attempt}`,
      );
      await this.store.park(message.id, attempt, now, describe(error));
      await this.tell(message, 'failed');
      return 'parked';
    }
    const delayMs = retryDelayMs(attemptInRound, worker.retryBaseDelayMs, worker.retryMaxDelayMs);
    await this.store.reschedule(
      message.id,
      attempt,
      new Date(now.getTime() + delayMs),
      describe(error),
    );
    await this.tell(message, 'retrying');
    return 'rescheduled';
  }

  /** Tells the queuer (its `report` reference) what was recorded; its failure is only logged. */
  private async tell(message: OutboxMessage, status: DeliveryStatus): Promise<void> {
    try {
      await this.reports.report(message.report, status, this.clock.now());
    } catch (error) {
      this.logger.warn(
        `Message ${message.id}: its ${status} report failed (${error instanceof Error ? error.name : 'unknown error'})`,
      );
    }
  }

  /**
   * The server has the message: recording it must not fail because of a passing database
   * hiccup, or the lease would lapse and the message be sent again. Retried until shortly
   * before the lease ends.
   */
  private async recordSent(
    messageId: string,
    attempt: number,
    response: string,
    leaseUntil: Date,
  ): Promise<void> {
    for (;;) {
      try {
        await this.store.markSent(messageId, attempt, this.clock.now(), response);
        return;
      } catch (error) {
        if (this.clock.now().getTime() + RECORD_SENT_RETRY_MS * 2 > leaseUntil.getTime()) {
          throw error;
        }
        await sleep(RECORD_SENT_RETRY_MS);
      }
    }
  }
}
