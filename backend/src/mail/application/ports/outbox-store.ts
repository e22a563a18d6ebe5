import type { OutboxMessage } from '../../domain/outbox-message.js';

export interface AttemptClaim {
  readonly messageId: string;
  /** 1 for the first attempt; every attempt of a message has its own number. */
  readonly attempt: number;
  /** Which worker holds it (for the logs and the admin screen). */
  readonly holder: string;
  readonly claimedAt: Date;
  /** After this instant the holder is presumed dead and the attempt may be taken over. */
  readonly leaseUntil: Date;
}

/** won: this caller holds the attempt. lost: someone else claimed it; `existing` is their claim. */
export type ClaimOutcome =
  { readonly won: true } | { readonly won: false; readonly existing: AttemptClaim | undefined };

/** The worker's view of the outbox: what is due, claims, and each attempt's outcome. */
export abstract class OutboxStore {
  /**
   * Messages a worker should look at now, oldest due first: `queued` ones due by `now`, and
   * `sending` ones whose lease lapsed before `now` (their holder died mid-send).
   */
  abstract due(now: Date, limit: number): Promise<OutboxMessage[]>;

  /**
   * Claims attempt `claim.attempt` of a message: an insert against a unique index, so exactly
   * one caller, on any instance, wins each attempt number.
   */
  abstract claimAttempt(claim: AttemptClaim): Promise<ClaimOutcome>;

  /** The message as stored now (undefined when it was discarded). */
  abstract find(messageId: string): Promise<OutboxMessage | undefined>;

  /** The claim winner marks the message as being sent until `leaseUntil`. */
  abstract markSending(messageId: string, attempt: number, leaseUntil: Date): Promise<void>;

  abstract markSent(messageId: string, attempt: number, at: Date, response: string): Promise<void>;

  /** The attempt failed; the next one is due at `nextAttemptAt`. */
  abstract reschedule(
    messageId: string,
    attempt: number,
    nextAttemptAt: Date,
    error: string,
  ): Promise<void>;

  /** No more attempts: parked as `failed` with the server's answer. */
  abstract park(messageId: string, attempt: number, at: Date, error: string): Promise<void>;
}
