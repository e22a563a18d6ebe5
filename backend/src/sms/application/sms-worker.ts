import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import type { DeliveryStatus } from '../../common/application/delivery-reports.js';
import { RepeatingTask } from '../../common/application/repeating-task.js';
import { SmsDeliveryReports } from '../sms.contract.js';
import { smsRetryDelayMs, type StoredSms, wasLastAttempt } from '../domain/sms-message.js';
import { SmsOutboxStore } from './ports/sms-outbox.store.js';
import { type ProviderSms, SmsSender, SmsSendError } from './ports/sms-sender.js';

/** Tuning of the worker (from SmsConfig). */
export class SmsWorkerSettings {
  constructor(
    /** Off when no provider is configured (outside production only): messages stay queued. */
    readonly enabled: boolean,
    readonly pollIntervalMs: number,
    /** Longer than a send can take (SMS_SEND_TIMEOUT_MS), so a live holder is never overtaken. */
    readonly claimLeaseMs: number,
  ) {}
}

export type SmsDeliveryOutcome = 'sent' | 'rescheduled' | 'failed' | 'expired' | 'skipped';

/** What the provider gets: the OTP template with the code, or a notice's template; null: nothing left. */
function providerSmsOf(message: StoredSms): ProviderSms | null {
  if (message.template !== null) {
    return {
      to: message.to,
      templateId: message.template.id,
      variables: message.template.variables,
    };
  }
  return message.code === null ? null : { to: message.to, code: message.code };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
}

/**
 * The SMS delivery worker every instance runs (SmsModule's lifecycle hooks), shaped like mail's
 * OutboxWorker: it sends what is due, each attempt claimed once across instances by an insert
 * against a unique index (`sms_claims`, "<message id>:<attempt>"), retries with growing delays — but never after
 * the message's code expired: an OTP that arrives after its code died is noise (and cost). A code
 * gets 4 attempts; a notice is retried until it goes stale, so a provider outage loses none.
 */
@Injectable()
export class SmsWorker {
  private readonly logger = new Logger('SmsWorker');
  /** Polls again at once after a pass that attempted something, else after the poll interval. */
  private readonly loop = new RepeatingTask({
    run: async () => ((await this.runOnce()) > 0 ? 0 : this.settings.pollIntervalMs),
    onError: (error) => {
      this.logger.warn(
        `SMS pass failed (${error instanceof Error ? error.name : 'unknown error'})`,
      );
      return this.settings.pollIntervalMs;
    },
  });

  constructor(
    private readonly store: SmsOutboxStore,
    private readonly sender: SmsSender,
    private readonly clock: Clock,
    private readonly settings: SmsWorkerSettings,
    private readonly reports: SmsDeliveryReports = new SmsDeliveryReports(),
  ) {}

  get delivering(): boolean {
    return this.loop.running;
  }

  start(): void {
    if (this.loop.stopped) return; // stopped before the database was ever reachable
    if (!this.settings.enabled) {
      this.logger.warn('SMS_BASE_URL is not set: SMS are not sent; they stay queued');
      return;
    }
    this.loop.start();
  }

  /** Stops polling and waits for the sends in flight. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Looks for due messages now (after a message was queued in this process). */
  wake(): void {
    this.loop.wake();
  }

  /** One pass over the due messages; resolves with how many this worker attempted. */
  async runOnce(): Promise<number> {
    const due = await this.store.due(this.clock.now(), 20);
    let attempted = 0;
    await Promise.all(
      due.map(async (message) => {
        if ((await this.deliver(message)) !== 'skipped') attempted += 1;
      }),
    );
    return attempted;
  }

  async deliver(message: StoredSms): Promise<SmsDeliveryOutcome> {
    const now = this.clock.now();
    const attempt = message.attempts + 1;
    if (!(await this.store.claimAttempt(message, now, this.leaseFrom(now)))) return 'skipped';
    const sms = providerSmsOf(message);
    if (message.expiresAt <= now || sms === null) {
      await this.store.settle(message.id, attempt, 'expired', 'it expired before sending');
      await this.tell(message, 'failed');
      return 'expired';
    }
    let response: string;
    try {
      response = await this.sender.send(sms);
    } catch (error) {
      return this.afterFailure(message, attempt, error);
    }
    await this.store.markSent(message.id, attempt, this.clock.now(), response);
    await this.tell(message, 'sent');
    return 'sent';
  }

  /** Tells the queuer (its `report` reference) what was recorded; its failure is only logged. */
  private async tell(message: StoredSms, status: DeliveryStatus): Promise<void> {
    try {
      await this.reports.report(message.report, status, this.clock.now());
    } catch (error) {
      this.logger.warn(
        `SMS ${message.id}: its ${status} report failed (${error instanceof Error ? error.name : 'unknown error'})`,
      );
    }
  }

  private async afterFailure(
    message: StoredSms,
    attempt: number,
    error: unknown,
  ): Promise<SmsDeliveryOutcome> {
    const now = this.clock.now();
    const nextAt = new Date(now.getTime() + smsRetryDelayMs(attempt, message.kind));
    const permanent = error instanceof SmsSendError && error.permanent;
    if (permanent || wasLastAttempt(message.kind, attempt) || nextAt >= message.expiresAt) {
      this.logger.warn(`SMS ${message.id} failed after attempt ${attempt}: ${describe(error)}`);
      await this.store.settle(message.id, attempt, 'failed', describe(error));
      await this.tell(message, 'failed');
      return 'failed';
    }
    await this.store.reschedule(message.id, attempt, nextAt, describe(error));
    await this.tell(message, 'retrying');
    return 'rescheduled';
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.settings.claimLeaseMs);
  }
}
