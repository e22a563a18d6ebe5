/** The gateway's public shapes: Razorpay's objects as the API answers them, and the stand-in's own controls. */
export type Notes = Record<string, string>;

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  vpa: string;
  email: string;
  contact: string;
  notes: Notes;
  fee: number;
  tax: number;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

export interface RazorpayTransfer {
  id: string;
  entity: 'transfer';
  status: 'created' | 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  source: string;
  recipient: string;
  amount: number;
  currency: 'INR';
  amount_reversed: number;
  fees: number;
  tax: number;
  notes: Notes;
  linked_account_notes: string[];
  on_hold: boolean;
  on_hold_until: number | null;
  settlement_status: 'pending' | 'on_hold' | 'settled';
  recipient_settlement_id: string | null;
  created_at: number;
  processed_at: number | null;
  error: { code: null; description: null; reason: null; field: null; step: null; source: null };
}

export interface RazorpayReversal {
  id: string;
  entity: 'reversal';
  transfer_id: string;
  amount: number;
  fee: number;
  tax: number;
  currency: 'INR';
  notes: Notes;
  initiator_id: string;
  customer_refund_id: null;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
  created_at: number;
}

export type AccountStatus =
  'created' | 'under_review' | 'needs_clarification' | 'activated' | 'suspended';

export interface RazorpayAccount {
  id: string;
  type: 'route';
  status: AccountStatus;
  email: string;
  phone: string;
  reference_id: string | null;
  business_type: string;
  legal_business_name: string;
  customer_facing_business_name: string | null;
  contact_name: string;
  profile: Record<string, unknown>;
  legal_info: Record<string, unknown>;
  notes: Notes;
  activated_at: number | null;
  live: boolean;
  hold_funds: boolean;
  /** Given by the composite call (Route onboarding in one request); empty for the classic steps. */
  settlement_accounts: RazorpaySettlementAccount[];
  created_at: number;
}

/** A composite call's settlement destination: a UPI VPA or a bank account. */
export type RazorpaySettlementAccount =
  | {
      method: 'upi';
      upi: { vpa: string; beneficiary_name: string; currency: 'INR'; is_default: boolean };
    }
  | {
      method: 'bank_account';
      bank_account: {
        account_number: string;
        beneficiary_name: string;
        code_type: 'ifsc';
        code: string;
        currency: 'INR';
        is_default: boolean;
      };
    };

export interface RazorpayStakeholder {
  id: string;
  entity: 'stakeholder';
  name: string;
  email: string;
  kyc: { pan: string | null };
  notes: Notes;
  created_at: number;
}

export interface RazorpayProduct {
  id: string;
  account_id: string;
  product_name: 'route';
  activation_status: 'requested' | 'needs_clarification' | 'under_review' | 'activated';
  requested_configuration: Record<string, unknown>;
  active_configuration: {
    settlements: { account_number: string; ifsc_code: string; beneficiary_name: string } | null;
  };
  requirements: { field_reference: string; status: 'required'; reason_code: string }[];
  tnc_accepted: boolean;
  requested_at: number;
}

export interface RazorpaySettlement {
  id: string;
  entity: 'settlement';
  amount: number;
  status: 'processed';
  fees: number;
  tax: number;
  utr: string;
  created_at: number;
}

/** A webhook the gateway emitted: its id, name and the exact body it signs and sends. */
export interface EmittedWebhook {
  readonly id: string;
  readonly event: string;
  readonly body: string;
  readonly signature: string;
}

export interface WebhookDelivery {
  readonly eventId: string;
  readonly event: string;
  /** The HTTP status the receiver answered, or 0 when it could not be reached. */
  readonly status: number;
  readonly at: string;
}

export interface GatewayFaults {
  /** The next N API requests answer `failStatus` (5xx) without doing anything. */
  failNext: number;
  failStatus: number;
  /** The next N API requests are carried out, then their connection dropped (the answer lost). */
  loseNextAnswers: number;
  /** Every API answer waits this long. */
  delayMs: number;
  /** Every webhook is delivered this many times (same event id, same body). */
  duplicateWebhooks: number;
  /** The webhooks of one action (or one flush) are delivered in a random order. */
  shuffleWebhooks: boolean;
  /** Webhooks are kept until flushWebhooks() (or POST /__control/webhooks/flush). */
  holdWebhooks: boolean;
  /** Until this time (ms since the epoch) the API is down. */
  downUntil: number;
  /** Down: `refuse` drops each API connection, `unavailable` answers 503. */
  downMode: 'refuse' | 'unavailable';
}

/** One write the API received (POST or PATCH), and what became of it. */
export interface ApiWrite {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | null;
  /** `received` until answered: `applied` (carried out), `replayed` (an idempotent replay of the
   * first answer), `in_progress` (409: the same key still being processed), `refused` (anything
   * answered without running). */
  outcome: 'received' | 'applied' | 'replayed' | 'in_progress' | 'refused';
  readonly at: string;
}

export interface GatewayState {
  readonly orders: readonly RazorpayOrder[];
  readonly payments: readonly RazorpayPayment[];
  readonly transfers: readonly RazorpayTransfer[];
  readonly reversals: readonly RazorpayReversal[];
  readonly refunds: readonly RazorpayRefund[];
  readonly accounts: readonly RazorpayAccount[];
  readonly settlements: readonly RazorpaySettlement[];
  readonly faults: GatewayFaults;
  /** The last writes the API received (the oldest dropped past a few thousand), for fault tests. */
  readonly writes: readonly ApiWrite[];
  readonly webhooks: {
    readonly url: string | null;
    readonly emitted: readonly EmittedWebhook[];
    readonly deliveries: readonly WebhookDelivery[];
    readonly queued: number;
    readonly held: number;
  };
}

/** What the hosted checkout POSTs to the callback URL after a successful payment. */
export interface CheckoutSuccess {
  readonly razorpay_payment_id: string;
  readonly razorpay_order_id: string;
  readonly razorpay_signature: string;
}

/** What it POSTs after a failed one (Razorpay's `error[…]` fields). */
export interface CheckoutFailure {
  readonly 'error[code]': string;
  readonly 'error[description]': string;
  readonly 'error[source]': string;
  readonly 'error[step]': string;
  readonly 'error[reason]': string;
  readonly 'error[metadata]': string;
}

export interface LocalPaymentGateway {
  /** e.g. http://127.0.0.1:4031 (the API base: the backend's RAZORPAY_API_URL). */
  readonly url: string;
  /** The page for people: http://localhost:<port>/. */
  readonly pageUrl: string;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  /** The merchant's own account id, as webhooks carry it in `account_id`. */
  readonly merchantAccountId: string;
  /** The backend's RAZORPAY_* variables pointing at this gateway. */
  readonly backendEnv: Readonly<Record<string, string>>;
  /** Where webhooks go (the backend's POST /api/v1/payments/webhooks/razorpay); none: kept. */
  setWebhookUrl(url: string | undefined): void;
  /** The brand pays (or fails to pay) an order, as the checkout page's buttons do. */
  pay(orderId: string, outcome?: 'success'): CheckoutSuccess;
  pay(orderId: string, outcome: 'failure'): CheckoutFailure;
  /** Settles every released transfer (one settlement each) and sends settlement.processed. */
  settle(): RazorpayTransfer[];
  /** Moves a linked account to a status and sends product.route.<status> where Razorpay does. */
  setAccountStatus(accountId: string, status: AccountStatus): RazorpayAccount;
  /** Changes some fault controls; returns them all. */
  setFaults(faults: Partial<GatewayFaults> & { downForMs?: number }): GatewayFaults;
  /** Delivers the held webhooks (shuffled if shuffleWebhooks is on). */
  flushWebhooks(): void;
  /** Resolves when no webhook is queued, in flight or waiting for a retry (held ones aside). */
  webhooksIdle(timeoutMs?: number): Promise<void>;
  /** HMAC-SHA256 hex of a body with the webhook secret, as X-Razorpay-Signature carries it. */
  signWebhook(body: string): string;
  state(): GatewayState;
  /** Forgets every object, idempotency key, webhook and fault. */
  reset(): void;
  stop(): Promise<void>;
}

export interface PaymentGatewayOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly keyId?: string;
  readonly keySecret?: string;
  readonly webhookSecret?: string;
  readonly webhookUrl?: string;
  /** `immediate` (default): a linked account is activated once its settlement account is set. */
  readonly accountActivation?: 'immediate' | 'manual';
  /** First retry of an undelivered webhook, doubled each time (default 500 ms). */
  readonly webhookRetryDelayMs?: number;
  /** Attempts per webhook delivery before giving up (default 8). */
  readonly webhookMaxAttempts?: number;
}
