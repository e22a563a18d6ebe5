/**
 * The payment aggregator that holds the money (Razorpay with Route in production, the local
 * payment gateway in development and tests). Paylock never holds money: the brand pays an order,
 * the milestone's share becomes a transfer to the creator's linked account created on hold,
 * approval lifts the hold, a refund reverses the transfer and refunds the payment.
 *
 * Every method that writes takes an idempotency key: a retry after a timeout or a crash must not
 * move money twice. Any string of at most 200 characters (e.g. `release:<dealId>:<milestoneId>`):
 * the adapter turns it into the gateway's key format, the same string always into the same key.
 * Amounts are integer paise.
 *
 * Failures are {@link PaymentGatewayError}s: `retryable` says whether the same call with the same
 * idempotency key may be tried again (the gateway unreachable, a timeout, 5xx, 409, 429).
 */

/** What went wrong talking to the gateway. */
export type PaymentGatewayErrorKind =
  /** No answer: refused, reset, timed out. The write may or may not have happened: retry it. */
  | 'unreachable'
  /** 5xx, 409 (the same key still in progress), 429, or an answer that made no sense. */
  | 'unavailable'
  /** The key pair was refused (401): a configuration problem, not worth retrying. */
  | 'authentication'
  /** The id does not exist at the gateway. */
  | 'not_found'
  /** The gateway refused the request itself (400): retrying the same request changes nothing. */
  | 'rejected';

export class PaymentGatewayError extends Error {
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly kind: PaymentGatewayErrorKind,
    /** The gateway's own error code (e.g. BAD_REQUEST_ERROR), when it answered one. */
    readonly gatewayCode: string | undefined,
    /** The request field the gateway blamed, if any. */
    readonly field: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PaymentGatewayError';
    this.retryable = kind === 'unreachable' || kind === 'unavailable';
  }
}

export type OrderStatus = 'created' | 'attempted' | 'paid';
export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
export type TransferStatus =
  'created' | 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
export type SettlementStatus = 'pending' | 'on_hold' | 'settled';
export type LinkedAccountStatus =
  'created' | 'under_review' | 'needs_clarification' | 'activated' | 'suspended';

export interface TransferInstruction {
  readonly linkedAccountId: string;
  readonly amountPaise: number;
  readonly onHold: boolean;
  readonly notes: Readonly<Record<string, string>>;
}

export interface CreateOrderInput {
  readonly amountPaise: number;
  /** Our reference (≤ 40 characters), unique per funding attempt. */
  readonly receipt: string;
  readonly notes: Readonly<Record<string, string>>;
  /** Route: the transfers Razorpay creates when the order's payment is captured. */
  readonly transfers: readonly TransferInstruction[];
  readonly idempotencyKey: string;
}

export interface GatewayOrder {
  readonly id: string;
  readonly amountPaise: number;
  readonly amountPaidPaise: number;
  readonly receipt: string;
  readonly status: OrderStatus;
  readonly notes: Readonly<Record<string, string>>;
}

export interface GatewayPayment {
  readonly id: string;
  readonly orderId: string;
  readonly amountPaise: number;
  readonly amountRefundedPaise: number;
  readonly status: PaymentStatus;
}

export interface GatewayTransfer {
  readonly id: string;
  /** The payment (or order) the transfer was made from. */
  readonly sourceId: string;
  readonly linkedAccountId: string;
  readonly amountPaise: number;
  readonly amountReversedPaise: number;
  readonly onHold: boolean;
  readonly status: TransferStatus;
  readonly settlementStatus: SettlementStatus;
  readonly notes: Readonly<Record<string, string>>;
}

export interface GatewayRefund {
  readonly id: string;
  readonly paymentId: string;
  readonly amountPaise: number;
  readonly status: 'pending' | 'processed' | 'failed';
}

/** A bank account (the classic four-step onboarding) or a UPI VPA (the composite call). */
export type LinkedAccountSettlement =
  | {
      readonly method?: 'bank_account';
      readonly accountNumber: string;
      readonly ifsc: string;
      readonly beneficiaryName: string;
    }
  | {
      readonly method: 'upi';
      /** Lower-case, name@provider. */
      readonly vpa: string;
      readonly beneficiaryName: string;
    };

export interface LinkedAccountInput {
  /** Our reference for the creator (≤ 20 characters in Razorpay's API). */
  readonly referenceId: string;
  readonly email: string;
  /** Ten digits. */
  readonly phone: string;
  readonly legalName: string;
  readonly pan: string;
  /** The registered address Razorpay asks of a linked account; a placeholder city when absent. */
  readonly address?: {
    readonly street: string;
    readonly city: string;
    readonly state: string;
    readonly postalCode: string;
  };
  /** Where Route settles: a bank account (the default method) or a UPI ID (VPA). */
  readonly settlement: LinkedAccountSettlement;
  readonly idempotencyKey: string;
}

export interface LinkedAccount {
  readonly id: string;
  readonly status: LinkedAccountStatus;
}

/** A browser form the brand is sent to (Razorpay's hosted checkout is a POSTed form). */
export interface CheckoutForm {
  readonly action: string;
  readonly method: 'POST';
  readonly fields: Readonly<Record<string, string>>;
}

export interface CheckoutRequest {
  readonly orderId: string;
  readonly amountPaise: number;
  readonly description: string;
  readonly prefill: { readonly name: string; readonly email: string; readonly contact: string };
  /** Where the gateway POSTs razorpay_payment_id, razorpay_order_id and razorpay_signature. */
  readonly callbackUrl: string;
  readonly cancelUrl: string;
}

export interface CheckoutResult {
  readonly orderId: string;
  readonly paymentId: string;
  readonly signature: string;
}

/** A verified webhook event, reduced to what Paylock acts on. */
export interface GatewayWebhookEvent {
  /** The `x-razorpay-event-id` header: unique per event, the key that stores it once. */
  readonly id: string;
  readonly type: string;
  readonly createdAt: Date;
  readonly payload: Readonly<Record<string, unknown>>;
}

export abstract class PaymentGateway {
  abstract createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  abstract fetchOrder(orderId: string): Promise<GatewayOrder>;
  abstract fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  abstract fetchPayment(paymentId: string): Promise<GatewayPayment>;
  abstract fetchPaymentTransfers(paymentId: string): Promise<GatewayTransfer[]>;
  abstract fetchTransfer(transferId: string): Promise<GatewayTransfer>;
  /** Lifts the hold (PATCH on_hold=0): the transfer settles to the creator on the next cycle. */
  abstract releaseTransfer(transferId: string, idempotencyKey: string): Promise<GatewayTransfer>;
  abstract reverseTransfer(
    transferId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<GatewayTransfer>;
  abstract refundPayment(
    paymentId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<GatewayRefund>;
  abstract createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccount>;
  abstract fetchLinkedAccount(accountId: string): Promise<LinkedAccount>;
  abstract checkoutForm(request: CheckoutRequest): CheckoutForm;
  /** HMAC-SHA256(order_id|payment_id, key secret), compared in constant time. */
  abstract verifyCheckout(result: CheckoutResult): boolean;
  /**
   * HMAC-SHA256 of the raw body with the webhook secret, compared in constant time; the parsed
   * event, or null when the signature, the id or the body is not valid.
   */
  abstract verifyWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): GatewayWebhookEvent | null;
}
