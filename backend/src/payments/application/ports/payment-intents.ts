import type { MilestoneAction } from '../../../deals/deals.contract.js';

/**
 * The write-ahead log of the money's outside calls (ADR 0043): an intent is written before the
 * gateway is asked anything, keyed so that it is written once, and re-driven by a worker with the
 * same idempotency key until its work is recorded. A crash between the gateway's answer and the
 * ledger's write is therefore finished by the next attempt, never half-recorded and never doubled.
 */
/** One kind per system move of the lifecycle (milestone.ts), and the refund of a stray payment. */
export const INTENT_KINDS = [
  'fund',
  'approve',
  'release',
  'settle',
  'refund',
  'refund_payment',
] as const satisfies readonly (MilestoneAction | 'refund_payment')[];
export type IntentKind = (typeof INTENT_KINDS)[number];

export interface PaymentIntent {
  /** `${kind}:${dealId}:${milestoneId}` (approve: + the submission's round; refund_payment: the payment). */
  readonly id: string;
  readonly kind: IntentKind;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly creatorId: string;
  readonly amountPaise: number;
  readonly feePaise: number;
  /** fund: the gateway order, once created; refund_payment: the payment to refund. */
  readonly orderId: string | null;
  readonly paymentId: string | null;
  readonly linkedAccountId: string | null;
  readonly createdAt: Date;
  readonly nextAttemptAt: Date;
  readonly attempts: number;
  readonly doneAt: Date | null;
  readonly lastError: string | null;
}

export type NewPaymentIntent = Omit<
  PaymentIntent,
  'attempts' | 'doneAt' | 'lastError' | 'orderId' | 'paymentId' | 'linkedAccountId'
> &
  Partial<Pick<PaymentIntent, 'orderId' | 'paymentId' | 'linkedAccountId'>>;

export abstract class PaymentIntents {
  /** Writes the intent once (a second open returns the first, untouched). */
  abstract open(intent: NewPaymentIntent): Promise<PaymentIntent>;
  abstract find(id: string): Promise<PaymentIntent | undefined>;
  abstract findByOrder(orderId: string): Promise<PaymentIntent | undefined>;
  abstract findByPayment(paymentId: string): Promise<PaymentIntent[]>;
  abstract setOrder(id: string, orderId: string): Promise<void>;
  /** Open intents whose next attempt is due at `now`, oldest first. */
  abstract due(now: Date, limit: number): Promise<PaymentIntent[]>;
  /** Best effort: keeps other instances off an intent for a while (its work is idempotent anyway). */
  abstract lease(id: string, now: Date, until: Date): Promise<boolean>;
  abstract retryAt(id: string, at: Date, attempts: number, error: string | null): Promise<void>;
  abstract markDone(id: string, at: Date): Promise<void>;
  abstract openCount(): Promise<number>;
}
