/**
 * queued: waiting for its next attempt. sending: claimed by one worker until leaseUntil. sent:
 * the provider accepted it. failed: no more attempts (a permanent refusal, the last attempt, or
 * the next attempt would come after the code expired). expired: its code expired before it went
 * out. withdrawn: the request that queued it gave up after a failed first attempt (the person was
 * told to try again). Only queued and sending still hold the code.
 */
export const SMS_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'expired',
  'withdrawn',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export interface StoredSms {
  readonly id: string;
  readonly to: string;
  readonly kind: 'otp' | 'notice';
  /** An OTP's code; null once the message is settled (sent, failed, expired, withdrawn). */
  readonly code: string | null;
  /** A notice's template id and variables (null for an OTP: the configured OTP template). */
  readonly template: {
    readonly id: string;
    readonly variables: Readonly<Record<string, string>>;
  } | null;
  readonly status: SmsStatus;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly nextAttemptAt: Date;
  readonly expiresAt: Date;
  readonly leaseUntil?: Date | undefined;
  readonly sentAt?: Date | undefined;
  readonly lastError?: string | undefined;
  /** The provider's request id of the accepted message. */
  readonly providerResponse?: string | undefined;
  /** The queuer's reference, handed back with each status (NoticeSms.report). */
  readonly report?: string | undefined;
}

/** Attempts of a sign-in code at most (each claimed once across instances). */
export const SMS_MAX_ATTEMPTS = 4;
/** Delay before retry n+1: 2 s, 4 s, 8 s … (a code lives 10 minutes). */
export const SMS_RETRY_BASE_DELAY_MS = 2_000;
/**
 * A notice has no attempt limit: it is retried until it goes stale (its `expiresAt`, a day after
 * it could first go out), so a provider outage delays notices and loses none (#39). Its waits
 * grow as a code's do, up to this.
 */
export const NOTICE_RETRY_MAX_DELAY_MS = 5 * 60_000;

export function smsRetryDelayMs(attempt: number, kind: StoredSms['kind'] = 'otp'): number {
  const delay = SMS_RETRY_BASE_DELAY_MS * 2 ** Math.max(attempt - 1, 0);
  return kind === 'notice' ? Math.min(delay, NOTICE_RETRY_MAX_DELAY_MS) : delay;
}

/** Whether the attempt was the last one a message of its kind gets (expiry aside). */
export function wasLastAttempt(kind: StoredSms['kind'], attempt: number): boolean {
  return kind === 'otp' && attempt >= SMS_MAX_ATTEMPTS;
}

/** Whether a first attempt was made and failed: what the waiting request reports as failure. */
export function firstAttemptFailed(message: Pick<StoredSms, 'attempts' | 'status'>): boolean {
  return message.attempts >= 1 && (message.status === 'queued' || message.status === 'failed');
}
