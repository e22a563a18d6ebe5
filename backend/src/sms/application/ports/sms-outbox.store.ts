import type { OutgoingSms } from '../../sms.contract.js';
import type { StoredSms } from '../../domain/sms-message.js';

/**
 * The stored SMS, shared by every instance. Each attempt of a message is claimed once (an insert
 * against a unique key), by a worker or by the request withdrawing the message; only the claim's
 * holder then records the attempt's outcome.
 */
export abstract class SmsOutboxStore {
  /** Stores the message under its key (a second call with the key finds the first). */
  abstract add(sms: OutgoingSms, now: Date): Promise<StoredSms>;

  abstract find(id: string): Promise<StoredSms | undefined>;

  /** Queued ones due by `now`, and sending ones whose lease lapsed (their holder died). */
  abstract due(now: Date, limit: number): Promise<StoredSms[]>;

  /** Claims attempt `message.attempts + 1`: true for the one caller that gets it. */
  abstract claimAttempt(message: StoredSms, now: Date, leaseUntil: Date): Promise<boolean>;

  abstract markSent(id: string, attempt: number, at: Date, response: string): Promise<void>;

  abstract reschedule(id: string, attempt: number, at: Date, error: string): Promise<void>;

  /** Settles the message without sending (failed or expired); its code is wiped. */
  abstract settle(
    id: string,
    attempt: number,
    status: 'failed' | 'expired',
    error: string,
  ): Promise<void>;

  /** Withdraws a message not being sent now: true when it will never go out. */
  abstract withdraw(id: string): Promise<boolean>;

  /** SMS accepted by the provider since `since` (admin overview). */
  abstract countSentSince(since: Date): Promise<number>;
}
