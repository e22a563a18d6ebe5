import { DeliveryReports } from '../common/application/delivery-reports.js';
import type { SmsBudgetPool } from './domain/sms-budget-shares.js';

/**
 * The SMS module's contract face (issue #25): what other features' domain and application code
 * may use. Plain TypeScript; the Nest wiring is in index.ts.
 */

/** One text message: a sign-in code, or a notice of a deal (#39). */
export type OutgoingSms = OtpSms | NoticeSms;

/** A brand's sign-in code (the OTP template, SMS_TEMPLATE_ID). */
export interface OtpSms {
  /** Idempotency key: one message per key, however often it is handed over. */
  readonly key: string;
  /** E.164, +91 only. */
  readonly to: string;
  readonly kind: 'otp';
  /** The code, the template's one variable; wiped from the outbox once the message is settled. */
  readonly code: string;
  /** An OTP message is worthless after its code expires: never sent (or retried) after this. */
  readonly expiresAt: Date;
}

/**
 * A notice through one of the DLT-registered notice templates (notifications' table): the
 * provider's template id and the template's variables by name.
 */
export interface NoticeSms {
  readonly key: string;
  /** E.164, +91 only. */
  readonly to: string;
  readonly kind: 'notice';
  readonly templateId: string;
  readonly variables: Readonly<Record<string, string>>;
  /** Not sent before this (quiet hours). */
  readonly notBefore: Date;
  /** A notice that could not go out by then is stale: never sent (or retried) after this. */
  readonly expiresAt: Date;
  /** Handed back with each status the worker records (SmsDeliveryReports): a notice's timeline. */
  readonly report?: string;
}

/**
 * What became of a message's first delivery attempt, as far as the sender waited for it:
 * `sent` — the provider accepted it; `failed` — the attempt failed and the message was withdrawn
 * (it will not go out later); `pending` — no answer in time, it stays queued and will go out
 * (retried until it expires).
 */
export type SmsSendOutcome = 'sent' | 'failed' | 'pending';

/** Who hears what became of a notice queued with a `report` reference (SmsModule provides one). */
export class SmsDeliveryReports extends DeliveryReports {}

/** Where features put SMS: stored first, then delivered by the worker of some instance. */
export abstract class SmsOutbox {
  /** Stores the message, wakes delivery and waits (a few seconds at most) for its first attempt. */
  abstract send(sms: OtpSms): Promise<SmsSendOutcome>;

  /** Stores a notice (once per key) for the workers to send from its `notBefore`; no waiting. */
  abstract enqueue(sms: NoticeSms): Promise<void>;
}

/** The answer of the global hourly SMS budget (SMS_HOURLY_BUDGET). */
export interface SmsBudgetDecision {
  readonly allowed: boolean;
  /** When refused: whole seconds until the budget's hour ends. */
  readonly retryAfterSeconds: number;
}

export type { SmsBudgetPool } from './domain/sms-budget-shares.js';

/**
 * The global hourly budget of SMS (pumping defence), shared by every instance, in shares
 * (domain/sms-budget-shares.ts): the general one, and two kept for once it is spent.
 */
export abstract class SmsBudget {
  /**
   * Takes one SMS from this hour's share, or refuses. The general share alerts admins when half
   * the hourly budget is spent and when it is refused.
   */
  abstract spend(pool: SmsBudgetPool): Promise<SmsBudgetDecision>;

  /** Whether the general share is spent now (until its hour ends): a cheap read, nothing spent. */
  abstract generalSpent(): Promise<boolean>;
}

/** What the admin overview shows of SMS sending. */
export interface SmsBudgetStatus {
  readonly hourlyBudget: number;
  /** SMS the provider accepted in the last hour. */
  readonly sentLastHour: number;
  /** The last time sending was refused for the budget, or null. */
  readonly lastExhaustedAt: Date | null;
  /** Whether that was within the last hour: sending is (or was just) stopped. */
  readonly exhausted: boolean;
  /** The last time half the hourly budget was spent within its hour (the early alert), or null. */
  readonly lastHalfSpentAt: Date | null;
}

export abstract class SmsBudgetAlerts {
  abstract status(): Promise<SmsBudgetStatus>;
}
