/**
 * A local payment gateway for development and tests (issue #26). It speaks the subset of
 * Razorpay's REST API that the backend's Razorpay adapter uses — Orders with Route `transfers`,
 * Payments, Transfers on hold and their release, reversals, refunds, Route linked accounts — with
 * the same paths, JSON shapes, Basic auth, error bodies and amounts in paise, so that the
 * production adapter is the code every test and `npm start` runs. It adds what only a stand-in
 * can: a hosted checkout page with "Pay" and "Fail" buttons, webhooks signed as Razorpay signs
 * them, a settlement control (Route settles on the next working day), fault controls and a JSON
 * view of its whole state for reconciliation tests (`/__control/…`).
 *
 * One file, Node's own modules only, erasable TypeScript: Node runs it as it is, and Jest,
 * Playwright and the type checks load it from its source. State lives in memory.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml, isRecord, readBody } from '@paylock/dev-http';

/**
 * The idempotency headers the gateway honours on writes. Razorpay documents X-Refund-Idempotency
 * (refunds) and X-Transfer-Idempotency (direct transfers); the adapter sends the same style of
 * header on its other writes (docs/adr/0040). Any `X-<Word>-Idempotency` header is honoured, and
 * `Idempotency-Key`, which the composite "create a linked account" call documents.
 */
export const IDEMPOTENCY_HEADER = /^(x-[a-z]+-idempotency|idempotency-key)$/;

type Notes = Record<string, string>;

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

const MAX_BODY_BYTES = 256 * 1024;
const MAX_KEPT_DELIVERIES = 5000;
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\- ]{4,64}$/;
const WEBHOOK_TIMEOUT_MS = 5_000;

/** Razorpay's error body. */
class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;

  constructor(status: number, code: string, description: string, field: string | null = null) {
    super(description);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function badRequest(description: string, field: string | null = null): ApiError {
  return new ApiError(400, 'BAD_REQUEST_ERROR', description, field);
}

const NOT_FOUND_DESCRIPTION = 'The id provided does not exist';

function errorBody(error: ApiError): unknown {
  return {
    error: {
      code: error.code,
      description: error.message,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
      ...(error.field ? { field: error.field } : {}),
    },
  };
}

function newId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
  return `${prefix}_${id}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomBytes(4).readUInt32BE() % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function notesOf(value: unknown, field = 'notes'): Notes {
  if (value === undefined || value === null) return {};
  if (Array.isArray(value) && value.length === 0) return {};
  if (!isRecord(value)) throw badRequest('notes should be an object', field);
  const entries = Object.entries(value);
  if (entries.length > 15) throw badRequest('notes can have a maximum of 15 keys', field);
  const notes: Notes = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw badRequest(`notes.${key} should be a string`, field);
    }
    const text = String(note);
    if (text.length > 256) throw badRequest('notes values may be at most 256 characters', field);
    notes[key] = text;
  }
  return notes;
}

function amountOf(value: unknown, field: string, minimum: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw badRequest(`The ${field} must be an integer.`, field);
  }
  if (value < minimum) {
    throw badRequest(
      minimum === 100
        ? 'Order amount less than minimum amount allowed'
        : `The ${field} must be atleast ${String(minimum)}.`,
      field,
    );
  }
  return value;
}

function stringOf(value: unknown, field: string, maxLength: number, required = true): string {
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`The ${field} field is required.`, field);
    return '';
  }
  if (typeof value !== 'string') throw badRequest(`The ${field} must be a string.`, field);
  if (value.length > maxLength) {
    throw badRequest(
      `The ${field} may not be greater than ${String(maxLength)} characters.`,
      field,
    );
  }
  return value;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

function collection(items: readonly unknown[]): unknown {
  return { entity: 'collection', count: items.length, items };
}

function page(title: string, body: string, nonce?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#111;max-width:70rem}
table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top;font-size:.9rem}
button{font:inherit;padding:.6rem 1.4rem;margin:.25rem;border-radius:6px;border:1px solid #333;cursor:pointer}
.pay{background:#15803d;color:#fff;border-color:#15803d}.fail{background:#b91c1c;color:#fff;border-color:#b91c1c}
.card{border:1px solid #ccc;border-radius:10px;padding:1.5rem;max-width:28rem}.muted{color:#555}</style></head>
<body>${body}${nonce ? `<script nonce="${nonce}">document.forms[0].submit();</script>` : ''}</body></html>`;
}

function rupees(paise: number): string {
  return `₹${(paise / 100).toFixed(2)}`;
}

interface OrderRecord {
  order: RazorpayOrder;
  transfers: {
    account: string;
    amount: number;
    onHold: boolean;
    onHoldUntil: number | null;
    notes: Notes;
  }[];
}

interface AccountRecord {
  account: RazorpayAccount;
  stakeholders: RazorpayStakeholder[];
  products: RazorpayProduct[];
}

interface CheckoutSession {
  orderId: string;
  callbackUrl: string;
  cancelUrl: string | null;
  name: string;
  description: string;
  email: string;
  contact: string;
}

interface PendingWebhook {
  readonly webhook: EmittedWebhook;
  attempts: number;
}

interface ApiAnswer {
  status: number;
  body: unknown;
}

type Handler = (params: string[], body: Record<string, unknown>, query: URLSearchParams) => unknown;

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly handler: Handler;
}

export async function startPaymentGateway(
  options: PaymentGatewayOptions = {},
): Promise<LocalPaymentGateway> {
  const keyId = options.keyId ?? `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = options.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = options.webhookSecret ?? randomBytes(18).toString('base64url');
  const merchantAccountId = newId('acc');
  const retryDelayMs = options.webhookRetryDelayMs ?? 500;
  const maxAttempts = options.webhookMaxAttempts ?? 8;
  let webhookUrl = options.webhookUrl;

  const orders = new Map<string, OrderRecord>();
  const payments = new Map<string, RazorpayPayment>();
  const transfers = new Map<string, RazorpayTransfer>();
  const reversals = new Map<string, RazorpayReversal>();
  const refunds = new Map<string, RazorpayRefund>();
  const accounts = new Map<string, AccountRecord>();
  const settlements = new Map<string, RazorpaySettlement>();
  const checkouts = new Map<string, CheckoutSession>();
  const idempotent = new Map<string, { fingerprint: string; answer: ApiAnswer | null }>();
  const writes: ApiWrite[] = [];

  const cleanFaults = (): GatewayFaults => ({
    failNext: 0,
    failStatus: 500,
    loseNextAnswers: 0,
    delayMs: 0,
    duplicateWebhooks: 1,
    shuffleWebhooks: false,
    holdWebhooks: false,
    downUntil: 0,
    downMode: 'unavailable',
  });
  let faults = cleanFaults();

  // Webhooks: emitted in order, delivered one at a time, retried with a doubling delay.
  const emitted: EmittedWebhook[] = [];
  const deliveries: WebhookDelivery[] = [];
  let queue: PendingWebhook[] = [];
  let held: PendingWebhook[] = [];
  let delivering = false;
  const retryTimers = new Set<NodeJS.Timeout>();
  const idleWaiters = new Set<() => void>();
  let generation = 0;

  function isIdle(): boolean {
    return queue.length === 0 && !delivering && retryTimers.size === 0;
  }

  function wakeIdle(): void {
    if (!isIdle()) return;
    for (const wake of idleWaiters) wake();
  }

  function emit(events: readonly { event: string; payload: Record<string, unknown> }[]): void {
    const batch: PendingWebhook[] = [];
    for (const { event, payload } of events) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: merchantAccountId,
        event,
        contains: Object.keys(payload),
        payload: Object.fromEntries(
          Object.entries(payload).map(([name, entity]) => [name, { entity }]),
        ),
        created_at: now(),
      });
      const webhook: EmittedWebhook = {
        id: newId('evt'),
        event,
        body,
        signature: hmacHex(webhookSecret, body),
      };
      emitted.push(webhook);
      for (let copy = 0; copy < Math.max(1, faults.duplicateWebhooks); copy += 1) {
        batch.push({ webhook, attempts: 0 });
      }
    }
    const ordered = faults.shuffleWebhooks ? shuffled(batch) : batch;
    if (faults.holdWebhooks) held.push(...ordered);
    else {
      queue.push(...ordered);
      void pump();
    }
  }

  async function deliver(pending: PendingWebhook): Promise<boolean> {
    const { webhook } = pending;
    if (!webhookUrl) return false;
    let status: number;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-signature': webhook.signature,
          'x-razorpay-event-id': webhook.id,
        },
        body: webhook.body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'manual',
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    deliveries.push({
      eventId: webhook.id,
      event: webhook.event,
      status,
      at: new Date().toISOString(),
    });
    deliveries.splice(0, Math.max(0, deliveries.length - MAX_KEPT_DELIVERIES));
    return status >= 200 && status < 300;
  }

  async function pump(): Promise<void> {
    if (delivering) return;
    delivering = true;
    const startedIn = generation;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const pending = next;
        if (!webhookUrl) {
          // Nowhere to send yet: kept until a URL is set.
          held.push(pending);
          continue;
        }
        const ok = await deliver(pending);
        if (startedIn !== generation) return;
        if (ok) continue;
        pending.attempts += 1;
        if (pending.attempts >= maxAttempts) continue;
        const timer = setTimeout(
          () => {
            retryTimers.delete(timer);
            if (startedIn !== generation) return;
            queue.push(pending);
            void pump();
          },
          retryDelayMs * 2 ** (pending.attempts - 1),
        );
        retryTimers.add(timer);
      }
    } finally {
      if (startedIn === generation) delivering = false;
      wakeIdle();
    }
  }

  function flushWebhooks(): void {
    const release = faults.shuffleWebhooks ? shuffled(held) : held;
    held = [];
    queue.push(...release);
    void pump();
  }

  // ---- The API's objects ----

  function order(id: string): OrderRecord {
    const found = orders.get(id);
    if (!found) throw badRequest(NOT_FOUND_DESCRIPTION, 'id');
    return found;
  }

  function payment(id: string): RazorpayPayment {
    const found = payments.get(id);
    if (!found) throw badRequest(NOT_FOUND_DESCRIPTION, 'id');
    return found;
  }

  function transfer(id: string): RazorpayTransfer {
    const found = transfers.get(id);
    if (!found) throw badRequest(NOT_FOUND_DESCRIPTION, 'id');
    return found;
  }

  function account(id: string): AccountRecord {
    const found = accounts.get(id);
    if (!found) throw badRequest(NOT_FOUND_DESCRIPTION, 'account_id');
    return found;
  }

  function createOrder(body: Record<string, unknown>): RazorpayOrder {
    const amount = amountOf(body.amount, 'amount', 100);
    if ((body.currency ?? 'INR') !== 'INR')
      throw badRequest('Currency is not supported', 'currency');
    const receipt = stringOf(body.receipt, 'receipt', 40, false) || null;
    const notes = notesOf(body.notes);
    if (flag(body.partial_payment) === true) {
      throw badRequest(
        'partial_payment must be false for orders with transfers',
        'partial_payment',
      );
    }
    const instructions: OrderRecord['transfers'] = [];
    if (body.transfers !== undefined) {
      if (!Array.isArray(body.transfers))
        throw badRequest('transfers must be an array', 'transfers');
      for (const [index, raw] of (body.transfers as unknown[]).entries()) {
        const field = `transfers.${String(index)}`;
        if (!isRecord(raw)) throw badRequest('Invalid transfer', field);
        const target = stringOf(raw.account, `${field}.account`, 40);
        if (!accounts.has(target)) throw badRequest(NOT_FOUND_DESCRIPTION, `${field}.account`);
        if ((raw.currency ?? 'INR') !== 'INR') {
          throw badRequest('Currency is not supported', `${field}.currency`);
        }
        const onHold = flag(raw.on_hold ?? false);
        if (onHold === undefined) throw badRequest('on_hold must be 0 or 1', `${field}.on_hold`);
        const onHoldUntil = raw.on_hold_until;
        if (
          onHoldUntil !== undefined &&
          onHoldUntil !== null &&
          !Number.isSafeInteger(onHoldUntil)
        ) {
          throw badRequest('on_hold_until must be a unix timestamp', `${field}.on_hold_until`);
        }
        instructions.push({
          account: target,
          amount: amountOf(raw.amount, `${field}.amount`, 1),
          onHold,
          onHoldUntil: typeof onHoldUntil === 'number' ? onHoldUntil : null,
          notes: notesOf(raw.notes, `${field}.notes`),
        });
      }
      const total = instructions.reduce((sum, item) => sum + item.amount, 0);
      if (total > amount) {
        throw badRequest('Transfer amount cannot be greater than the order amount', 'transfers');
      }
    }
    const created: RazorpayOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: now(),
    };
    orders.set(created.id, { order: created, transfers: instructions });
    return created;
  }

  function pay(
    orderId: string,
    outcome: 'success' | 'failure',
    session?: CheckoutSession,
  ): CheckoutSuccess | CheckoutFailure {
    const record = order(orderId);
    if (record.order.status === 'paid') throw badRequest('Order has already been paid', 'order_id');
    const base = {
      entity: 'payment' as const,
      amount: record.order.amount,
      currency: 'INR' as const,
      order_id: orderId,
      method: 'upi' as const,
      amount_refunded: 0,
      refund_status: null,
      description: session?.description || null,
      vpa: outcome === 'success' ? 'success@razorpay' : 'failure@razorpay',
      email: session?.email || 'brand@example.com',
      contact: session?.contact || '+919000090000',
      notes: record.order.notes,
      fee: 0,
      tax: 0,
      created_at: now(),
    };
    record.order.attempts += 1;
    if (outcome === 'failure') {
      const failed: RazorpayPayment = {
        ...base,
        id: newId('pay'),
        status: 'failed',
        captured: false,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment failed',
        error_source: 'customer',
        error_step: 'payment_authentication',
        error_reason: 'payment_failed',
      };
      payments.set(failed.id, failed);
      record.order.status = 'attempted';
      emit([{ event: 'payment.failed', payload: { payment: { ...failed } } }]);
      return {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[source]': 'customer',
        'error[step]': 'payment_authentication',
        'error[reason]': 'payment_failed',
        'error[metadata]': JSON.stringify({ payment_id: failed.id, order_id: orderId }),
      };
    }
    const captured: RazorpayPayment = {
      ...base,
      id: newId('pay'),
      status: 'captured',
      captured: true,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
    };
    payments.set(captured.id, captured);
    record.order.status = 'paid';
    record.order.amount_paid = record.order.amount;
    record.order.amount_due = 0;
    const made = record.transfers.map((instruction): RazorpayTransfer => {
      const created: RazorpayTransfer = {
        id: newId('trf'),
        entity: 'transfer',
        status: 'processed',
        source: captured.id,
        recipient: instruction.account,
        amount: instruction.amount,
        currency: 'INR',
        amount_reversed: 0,
        fees: 0,
        tax: 0,
        notes: instruction.notes,
        linked_account_notes: [],
        on_hold: instruction.onHold,
        on_hold_until: instruction.onHoldUntil,
        settlement_status: instruction.onHold ? 'on_hold' : 'pending',
        recipient_settlement_id: null,
        created_at: now(),
        processed_at: now(),
        error: {
          code: null,
          description: null,
          reason: null,
          field: null,
          step: null,
          source: null,
        },
      };
      transfers.set(created.id, created);
      return created;
    });
    emit([
      { event: 'payment.captured', payload: { payment: { ...captured } } },
      { event: 'order.paid', payload: { payment: { ...captured }, order: { ...record.order } } },
      ...made.map((item) => ({ event: 'transfer.processed', payload: { transfer: { ...item } } })),
    ]);
    return {
      razorpay_payment_id: captured.id,
      razorpay_order_id: orderId,
      razorpay_signature: hmacHex(keySecret, `${orderId}|${captured.id}`),
    };
  }

  function updateTransfer(id: string, body: Record<string, unknown>): RazorpayTransfer {
    const found = transfer(id);
    const onHold = flag(body.on_hold);
    if (onHold === undefined) throw badRequest('The on_hold field is required.', 'on_hold');
    if (found.status === 'reversed') throw badRequest('Transfer has been reversed', 'id');
    if (onHold && found.settlement_status === 'settled') {
      throw badRequest('Transfer has already been settled', 'on_hold');
    }
    found.on_hold = onHold;
    found.on_hold_until =
      onHold && typeof body.on_hold_until === 'number' ? body.on_hold_until : null;
    if (found.settlement_status !== 'settled') {
      found.settlement_status = onHold ? 'on_hold' : 'pending';
    }
    return found;
  }

  function reverse(id: string, body: Record<string, unknown>): RazorpayReversal {
    const found = transfer(id);
    const remaining = found.amount - found.amount_reversed;
    const amount = body.amount === undefined ? remaining : amountOf(body.amount, 'amount', 1);
    if (remaining === 0) throw badRequest('Transfer has been fully reversed', 'id');
    if (amount > remaining) {
      throw badRequest('Reversal amount cannot be greater than the unreversed amount', 'amount');
    }
    const reversal: RazorpayReversal = {
      id: newId('rvrsl'),
      entity: 'reversal',
      transfer_id: id,
      amount,
      fee: 0,
      tax: 0,
      currency: 'INR',
      notes: notesOf(body.notes),
      initiator_id: merchantAccountId,
      customer_refund_id: null,
      created_at: now(),
    };
    reversals.set(reversal.id, reversal);
    found.amount_reversed += amount;
    found.status = found.amount_reversed === found.amount ? 'reversed' : 'partially_reversed';
    return reversal;
  }

  function refund(paymentId: string, body: Record<string, unknown>): RazorpayRefund {
    const found = payment(paymentId);
    if (!found.captured) throw badRequest('The payment has not been captured', 'id');
    const remaining = found.amount - found.amount_refunded;
    if (remaining === 0) throw badRequest('The payment has been fully refunded already', 'id');
    const amount = body.amount === undefined ? remaining : amountOf(body.amount, 'amount', 100);
    if (amount > remaining) {
      throw badRequest('The refund amount provided is greater than amount captured', 'amount');
    }
    const created: RazorpayRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: notesOf(body.notes),
      receipt: stringOf(body.receipt, 'receipt', 40, false) || null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
      created_at: now(),
    };
    refunds.set(created.id, created);
    found.amount_refunded += amount;
    found.refund_status = found.amount_refunded === found.amount ? 'full' : 'partial';
    if (found.refund_status === 'full') found.status = 'refunded';
    emit([
      { event: 'refund.created', payload: { refund: { ...created }, payment: { ...found } } },
      { event: 'refund.processed', payload: { refund: { ...created }, payment: { ...found } } },
    ]);
    return created;
  }

  function createAccount(body: Record<string, unknown>): RazorpayAccount {
    const email = stringOf(body.email, 'email', 132).toLowerCase();
    if (!EMAIL.test(email)) throw badRequest('The email must be a valid email address.', 'email');
    const phone =
      typeof body.phone === 'string' || typeof body.phone === 'number' ? String(body.phone) : '';
    if (!/^\d{8,15}$/.test(phone)) throw badRequest('The phone format is invalid.', 'phone');
    if ((body.type ?? 'route') !== 'route') throw badRequest('Invalid type: route only', 'type');
    const reference = stringOf(body.reference_id, 'reference_id', 20, false) || null;
    const legalName = stringOf(body.legal_business_name, 'legal_business_name', 200);
    const businessType = stringOf(body.business_type, 'business_type', 40);
    const contactName = stringOf(body.contact_name, 'contact_name', 255);
    const legalInfo = isRecord(body.legal_info) ? body.legal_info : {};
    if (
      legalInfo.pan !== undefined &&
      (typeof legalInfo.pan !== 'string' || !PAN.test(legalInfo.pan))
    ) {
      throw badRequest('The pan field is invalid.', 'legal_info.pan');
    }
    const settlementAccounts = settlementAccountsOf(body.settlement_accounts);
    if (settlementAccounts.length > 0 && flag(body.tnc_accepted) !== true) {
      throw badRequest('The tnc_accepted field is required.', 'tnc_accepted');
    }
    for (const existing of accounts.values()) {
      if (existing.account.email === email) {
        throw badRequest(
          `Merchant email already exists for account - ${existing.account.id}`,
          'email',
        );
      }
    }
    const created: RazorpayAccount = {
      id: newId('acc'),
      type: 'route',
      status: 'created',
      email,
      phone,
      reference_id: reference,
      business_type: businessType,
      legal_business_name: legalName,
      customer_facing_business_name:
        stringOf(body.customer_facing_business_name, 'customer_facing_business_name', 255, false) ||
        null,
      contact_name: contactName,
      profile: isRecord(body.profile) ? body.profile : {},
      legal_info: legalInfo,
      notes: notesOf(body.notes),
      activated_at: null,
      live: false,
      hold_funds: false,
      settlement_accounts: settlementAccounts,
      created_at: now(),
    };
    const record: AccountRecord = { account: created, stakeholders: [], products: [] };
    accounts.set(created.id, record);
    const destination = settlementAccounts[0];
    if (destination) {
      // Composite mode: the Route product is configured with the settlement account at once.
      record.products.push({
        id: newId('acc_prd'),
        account_id: created.id,
        product_name: 'route',
        activation_status: 'requested',
        requested_configuration: {},
        active_configuration: {
          settlements:
            destination.method === 'bank_account'
              ? {
                  account_number: destination.bank_account.account_number,
                  ifsc_code: destination.bank_account.code,
                  beneficiary_name: destination.bank_account.beneficiary_name,
                }
              : null,
        },
        requirements: [],
        tnc_accepted: true,
        requested_at: now(),
      });
      activate(record, options.accountActivation === 'manual' ? 'under_review' : 'activated');
    }
    return created;
  }

  /** The composite call's `settlement_accounts`: absent, or exactly one UPI VPA or bank account. */
  function settlementAccountsOf(value: unknown): RazorpaySettlementAccount[] {
    if (value === undefined || value === null) return [];
    const field = 'settlement_accounts';
    if (!Array.isArray(value) || value.length !== 1 || !isRecord(value[0])) {
      throw badRequest('Exactly one settlement account is required.', field);
    }
    const item = value[0];
    if (item.method === 'upi') {
      const upi = isRecord(item.upi) ? item.upi : {};
      const vpa = typeof upi.vpa === 'string' ? upi.vpa.toLowerCase() : '';
      if (!VPA.test(vpa)) {
        throw badRequest(
          'The VPA address format is invalid. Expected format: username@bankname.',
          `${field}.upi.vpa`,
        );
      }
      return [
        {
          method: 'upi',
          upi: {
            vpa,
            beneficiary_name: stringOf(upi.beneficiary_name, `${field}.upi.beneficiary_name`, 120),
            currency: 'INR',
            is_default: true,
          },
        },
      ];
    }
    if (item.method === 'bank_account') {
      const bank = isRecord(item.bank_account) ? item.bank_account : {};
      const accountNumber = typeof bank.account_number === 'string' ? bank.account_number : '';
      if (!/^\d{9,18}$/.test(accountNumber)) {
        throw badRequest('The account number is invalid.', `${field}.bank_account.account_number`);
      }
      const code = typeof bank.code === 'string' ? bank.code.toUpperCase() : '';
      if (!IFSC.test(code)) {
        throw badRequest('The ifsc code is invalid.', `${field}.bank_account.code`);
      }
      return [
        {
          method: 'bank_account',
          bank_account: {
            account_number: accountNumber,
            beneficiary_name: stringOf(
              bank.beneficiary_name,
              `${field}.bank_account.beneficiary_name`,
              120,
            ),
            code_type: 'ifsc',
            code,
            currency: 'INR',
            is_default: true,
          },
        },
      ];
    }
    throw badRequest('The method must be upi or bank_account.', `${field}.method`);
  }

  function createStakeholder(
    accountId: string,
    body: Record<string, unknown>,
  ): RazorpayStakeholder {
    const record = account(accountId);
    const email = stringOf(body.email, 'email', 132).toLowerCase();
    if (!EMAIL.test(email)) throw badRequest('The email must be a valid email address.', 'email');
    const kyc = isRecord(body.kyc) ? body.kyc : {};
    if (kyc.pan !== undefined && (typeof kyc.pan !== 'string' || !PAN.test(kyc.pan))) {
      throw badRequest('The pan field is invalid.', 'kyc.pan');
    }
    const created: RazorpayStakeholder = {
      id: newId('sth'),
      entity: 'stakeholder',
      name: stringOf(body.name, 'name', 255),
      email,
      kyc: { pan: typeof kyc.pan === 'string' ? kyc.pan : null },
      notes: notesOf(body.notes),
      created_at: now(),
    };
    record.stakeholders.push(created);
    return created;
  }

  function requestProduct(accountId: string, body: Record<string, unknown>): RazorpayProduct {
    const record = account(accountId);
    if (body.product_name !== 'route') throw badRequest('Invalid product_name', 'product_name');
    const created: RazorpayProduct = {
      id: newId('acc_prd'),
      account_id: accountId,
      product_name: 'route',
      activation_status: 'needs_clarification',
      requested_configuration: {},
      active_configuration: { settlements: null },
      requirements: [
        {
          field_reference: 'settlements.account_number',
          status: 'required',
          reason_code: 'field_missing',
        },
      ],
      tnc_accepted: flag(body.tnc_accepted) === true,
      requested_at: now(),
    };
    record.products.push(created);
    return created;
  }

  function activate(record: AccountRecord, status: AccountStatus): void {
    record.account.status = status;
    for (const product of record.products) {
      if (status !== 'created' && status !== 'suspended') product.activation_status = status;
    }
    if (status === 'activated') record.account.activated_at = now();
    if (status === 'activated' || status === 'under_review' || status === 'needs_clarification') {
      emit([
        {
          event: `product.route.${status}`,
          payload: {
            merchant_product: {
              id: record.products[0]?.id ?? null,
              account_id: record.account.id,
              activation_status: status,
            },
          },
        },
      ]);
    }
  }

  function updateProduct(
    accountId: string,
    productId: string,
    body: Record<string, unknown>,
  ): RazorpayProduct {
    const record = account(accountId);
    const product = record.products.find((item) => item.id === productId);
    if (!product) throw badRequest(NOT_FOUND_DESCRIPTION, 'product_id');
    if (body.tnc_accepted !== undefined) product.tnc_accepted = flag(body.tnc_accepted) === true;
    if (body.settlements !== undefined) {
      const settlementsBody = body.settlements;
      if (!isRecord(settlementsBody)) throw badRequest('Invalid settlements', 'settlements');
      const accountNumber =
        typeof settlementsBody.account_number === 'string' ? settlementsBody.account_number : '';
      if (!/^\d{9,18}$/.test(accountNumber)) {
        throw badRequest('The account number is invalid.', 'settlements.account_number');
      }
      const ifsc =
        typeof settlementsBody.ifsc_code === 'string'
          ? settlementsBody.ifsc_code.toUpperCase()
          : '';
      if (!IFSC.test(ifsc)) throw badRequest('The ifsc code is invalid.', 'settlements.ifsc_code');
      const beneficiary = stringOf(
        settlementsBody.beneficiary_name,
        'settlements.beneficiary_name',
        120,
      );
      product.active_configuration.settlements = {
        account_number: accountNumber,
        ifsc_code: ifsc,
        beneficiary_name: beneficiary,
      };
      product.requirements = [];
    }
    if (product.active_configuration.settlements && product.tnc_accepted) {
      if (record.account.status === 'created' || record.account.status === 'needs_clarification') {
        activate(record, options.accountActivation === 'manual' ? 'under_review' : 'activated');
      }
    }
    return product;
  }

  function settle(): RazorpayTransfer[] {
    const settled: RazorpayTransfer[] = [];
    const events: { event: string; payload: Record<string, unknown> }[] = [];
    for (const item of transfers.values()) {
      if (item.settlement_status !== 'pending' || item.status === 'reversed') continue;
      const settlement: RazorpaySettlement = {
        id: newId('setl'),
        entity: 'settlement',
        amount: item.amount - item.amount_reversed,
        status: 'processed',
        fees: 0,
        tax: 0,
        utr: String(randomBytes(8).readBigUInt64BE()).padStart(20, '0').slice(-16),
        created_at: now(),
      };
      settlements.set(settlement.id, settlement);
      item.settlement_status = 'settled';
      item.recipient_settlement_id = settlement.id;
      settled.push(item);
      events.push({
        event: 'settlement.processed',
        payload: { settlement: { ...settlement }, transfer: { ...item } },
      });
    }
    emit(events);
    return settled;
  }

  // ---- Routing ----

  const routes: Route[] = [];
  const on = (method: string, path: string, handler: Handler) => {
    const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '([A-Za-z0-9_]+)')}$`);
    routes.push({ method, pattern, handler });
  };

  on('POST', '/v1/orders', (_params, body) => createOrder(body));
  on('GET', '/v1/orders', (_params, _body, query) => {
    const receipt = query.get('receipt');
    const items = [...orders.values()]
      .map((record) => record.order)
      .filter((item) => receipt === null || item.receipt === receipt)
      .reverse();
    return collection(items.slice(0, Number(query.get('count') ?? 10) || 10));
  });
  on('GET', '/v1/orders/:id', ([id]) => order(id ?? '').order);
  on('GET', '/v1/orders/:id/payments', ([id]) => {
    order(id ?? '');
    return collection([...payments.values()].filter((item) => item.order_id === id));
  });
  on('GET', '/v1/payments/:id', ([id]) => payment(id ?? ''));
  on('GET', '/v1/payments/:id/transfers', ([id]) => {
    payment(id ?? '');
    return collection([...transfers.values()].filter((item) => item.source === id));
  });
  on('POST', '/v1/payments/:id/refund', ([id], body) => refund(id ?? '', body));
  on('GET', '/v1/refunds/:id', ([id]) => {
    const found = refunds.get(id ?? '');
    if (!found) throw badRequest(NOT_FOUND_DESCRIPTION, 'id');
    return found;
  });
  on('GET', '/v1/transfers/:id', ([id]) => transfer(id ?? ''));
  on('PATCH', '/v1/transfers/:id', ([id], body) => updateTransfer(id ?? '', body));
  on('POST', '/v1/transfers/:id/reversals', ([id], body) => reverse(id ?? '', body));
  on('GET', '/v1/transfers/:id/reversals', ([id]) => {
    transfer(id ?? '');
    return collection([...reversals.values()].filter((item) => item.transfer_id === id));
  });
  on('POST', '/v2/accounts', (_params, body) => createAccount(body));
  on('GET', '/v2/accounts/:id', ([id]) => account(id ?? '').account);
  on('POST', '/v2/accounts/:id/stakeholders', ([id], body) => createStakeholder(id ?? '', body));
  on('POST', '/v2/accounts/:id/products', ([id], body) => requestProduct(id ?? '', body));
  on('GET', '/v2/accounts/:id/products/:product', ([id, productId]) => {
    const product = account(id ?? '').products.find((item) => item.id === productId);
    if (!product) throw badRequest(NOT_FOUND_DESCRIPTION, 'product_id');
    return product;
  });
  on('PATCH', '/v2/accounts/:id/products/:product', ([id, productId], body) =>
    updateProduct(id ?? '', productId ?? '', body),
  );

  function authorized(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    return decoded === `${keyId}:${keySecret}`;
  }

  function answer(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  }

  async function handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    if (Date.now() < faults.downUntil) {
      if (faults.downMode === 'refuse') {
        request.socket.destroy();
        return;
      }
      answer(response, 503, errorBody(new ApiError(503, 'SERVER_ERROR', 'Service unavailable')));
      return;
    }
    if (faults.failNext > 0) {
      faults.failNext -= 1;
      answer(
        response,
        faults.failStatus,
        errorBody(
          new ApiError(
            faults.failStatus,
            'SERVER_ERROR',
            'The server encountered an error. The incident has been reported to admins.',
          ),
        ),
      );
      return;
    }
    if (!authorized(request)) {
      answer(
        response,
        401,
        errorBody(new ApiError(401, 'BAD_REQUEST_ERROR', 'Authentication failed')),
      );
      return;
    }
    const method = request.method ?? 'GET';
    const route = routes.find((item) => item.method === method && item.pattern.test(url.pathname));
    if (!route) {
      const known = routes.some((item) => item.pattern.test(url.pathname));
      answer(
        response,
        known ? 405 : 404,
        errorBody(
          known
            ? new ApiError(405, 'BAD_REQUEST_ERROR', 'The requested method is not allowed')
            : new ApiError(
                404,
                'BAD_REQUEST_ERROR',
                'The requested URL was not found on the server.',
              ),
        ),
      );
      return;
    }
    const text = await readBody(request, MAX_BODY_BYTES);
    if (text === undefined) {
      answer(response, 413, errorBody(badRequest('Request body too large')));
      return;
    }
    let body: Record<string, unknown> = {};
    if (text.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!isRecord(parsed)) throw new Error('not an object');
        body = parsed;
      } catch {
        answer(response, 400, errorBody(badRequest('The request body is not valid JSON')));
        return;
      }
    }
    const write = method === 'POST' || method === 'PATCH';
    const headerName = write
      ? Object.keys(request.headers).find((name) => IDEMPOTENCY_HEADER.test(name))
      : undefined;
    const key = headerName ? String(request.headers[headerName]) : undefined;
    const logged: ApiWrite | undefined = write
      ? {
          method,
          path: url.pathname,
          idempotencyKey: key ?? null,
          outcome: 'received',
          at: new Date().toISOString(),
        }
      : undefined;
    if (logged) {
      writes.push(logged);
      writes.splice(0, Math.max(0, writes.length - MAX_KEPT_DELIVERIES));
    }
    const settle = (outcome: ApiWrite['outcome']) => {
      if (logged) logged.outcome = outcome;
    };
    let slot: string | undefined;
    if (headerName && key !== undefined) {
      if (!IDEMPOTENCY_KEY.test(key)) {
        settle('refused');
        answer(response, 400, errorBody(badRequest('The idempotency key is invalid.', headerName)));
        return;
      }
      slot = `${method} ${url.pathname} ${key}`;
      const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const seen = idempotent.get(slot);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          settle('refused');
          answer(
            response,
            400,
            errorBody(
              badRequest(
                'Different request with the same idempotency key has already been processed.',
              ),
            ),
          );
          return;
        }
        if (!seen.answer) {
          settle('in_progress');
          answer(
            response,
            409,
            errorBody(
              new ApiError(
                409,
                'BAD_REQUEST_ERROR',
                'A request with this idempotency key is being processed.',
              ),
            ),
          );
          return;
        }
        if (faults.delayMs > 0) await sleep(faults.delayMs);
        settle('replayed');
        answer(response, seen.answer.status, seen.answer.body);
        return;
      }
      idempotent.set(slot, { fingerprint, answer: null });
    }
    if (faults.delayMs > 0) await sleep(faults.delayMs);
    let result: ApiAnswer;
    try {
      const params = route.pattern.exec(url.pathname)?.slice(1) ?? [];
      const value = route.handler(params, body, url.searchParams);
      result = { status: 200, body: value };
      settle('applied');
    } catch (error) {
      if (!(error instanceof ApiError)) {
        if (slot) idempotent.delete(slot);
        settle('refused');
        throw error;
      }
      result = { status: error.status, body: errorBody(error) };
      settle('refused');
    }
    // The stored answer is a snapshot: a replay returns the first answer, as Razorpay does.
    result = { status: result.status, body: JSON.parse(JSON.stringify(result.body)) as unknown };
    if (slot) {
      const seen = idempotent.get(slot);
      if (seen) seen.answer = result;
    }
    if (faults.loseNextAnswers > 0) {
      faults.loseNextAnswers -= 1;
      request.socket.destroy();
      return;
    }
    answer(response, result.status, result.body);
  }

  // ---- The hosted checkout and the pages ----

  function checkoutPage(checkoutId: string, session: CheckoutSession): string {
    const record = order(session.orderId);
    const action = (outcome: string, label: string, css: string) =>
      `<form method="post" action="/v1/checkout/embedded/${checkoutId}/${outcome}" style="display:inline">` +
      `<button type="submit" class="${css}">${label}</button></form>`;
    return page(
      'Checkout · local payment gateway',
      `<main class="card"><p class="muted">Local payment gateway (a stand-in for Razorpay's hosted checkout): no money moves.</p>
<h1>${escapeHtml(session.name || 'Payment')}</h1>
<p>${escapeHtml(session.description)}</p>
<p>Amount: <strong data-testid="checkout-amount">${rupees(record.order.amount)}</strong></p>
<p class="muted">Order ${escapeHtml(record.order.id)}${session.email ? ` · ${escapeHtml(session.email)}` : ''}</p>
${action('pay', 'Pay', 'pay')}${action('fail', 'Fail', 'fail')}
${session.cancelUrl ? `<p><a href="/v1/checkout/embedded/${checkoutId}/cancel">Cancel and go back</a></p>` : ''}
</main>`,
    );
  }

  function autoPost(
    target: string,
    fields: Readonly<Record<string, string>>,
  ): {
    html: string;
    nonce: string;
  } {
    const nonce = randomBytes(16).toString('base64');
    const inputs = Object.entries(fields)
      .map(
        ([name, value]) =>
          `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
      )
      .join('');
    return {
      nonce,
      html: page(
        'Returning to the merchant',
        `<form method="post" action="${escapeHtml(target)}">${inputs}<p>Returning to the merchant…</p>
<noscript><button type="submit">Continue</button></noscript></form>`,
        nonce,
      ),
    };
  }

  function sendHtml(response: ServerResponse, status: number, html: string, nonce?: string): void {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; ${
        nonce ? `script-src 'nonce-${nonce}'; ` : ''
      }frame-ancestors 'none'`,
      'x-frame-options': 'DENY',
    });
    response.end(html);
  }

  function httpUrlOrNull(value: string | null): string | null {
    if (!value || !URL.canParse(value)) return null;
    return /^https?:$/.test(new URL(value).protocol) ? value : null;
  }

  async function handleCheckout(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    const text = (await readBody(request, MAX_BODY_BYTES)) ?? '';
    const form = new URLSearchParams(text);
    if (url.pathname === '/v1/checkout/embedded') {
      const problem = (message: string) => {
        sendHtml(
          response,
          400,
          page(
            'Checkout error',
            `<main class="card"><h1>Checkout error</h1><p role="alert">${escapeHtml(message)}</p></main>`,
          ),
        );
      };
      if (form.get('key_id') !== keyId) {
        problem('The key_id is not valid.');
        return;
      }
      const record = orders.get(form.get('order_id') ?? '');
      if (!record) {
        problem('The order_id is not valid.');
        return;
      }
      if (record.order.status === 'paid') {
        problem('This order has already been paid.');
        return;
      }
      const amount = form.get('amount');
      if (amount !== null && Number(amount) !== record.order.amount) {
        problem('The amount does not match the order amount.');
        return;
      }
      const callbackUrl = httpUrlOrNull(form.get('callback_url'));
      if (!callbackUrl) {
        problem('The callback_url is not valid.');
        return;
      }
      const checkoutId = randomBytes(16).toString('hex');
      const session: CheckoutSession = {
        orderId: record.order.id,
        callbackUrl,
        cancelUrl: httpUrlOrNull(form.get('cancel_url')),
        name: (form.get('name') ?? '').slice(0, 200),
        description: (form.get('description') ?? '').slice(0, 500),
        email: (form.get('prefill[email]') ?? '').slice(0, 200),
        contact: (form.get('prefill[contact]') ?? '').slice(0, 20),
      };
      checkouts.set(checkoutId, session);
      sendHtml(response, 200, checkoutPage(checkoutId, session));
      return;
    }
    const match = /^\/v1\/checkout\/embedded\/([a-f0-9]{32})\/(pay|fail|cancel)$/.exec(
      url.pathname,
    );
    const session = match?.[1] ? checkouts.get(match[1]) : undefined;
    if (!match || !session) {
      sendHtml(response, 404, page('Not found', '<h1>This checkout has ended.</h1>'));
      return;
    }
    checkouts.delete(match[1] ?? '');
    if (match[2] === 'cancel') {
      response.writeHead(303, { location: session.cancelUrl ?? session.callbackUrl }).end();
      return;
    }
    let fields: CheckoutSuccess | CheckoutFailure;
    try {
      fields = pay(session.orderId, match[2] === 'pay' ? 'success' : 'failure', session);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Payment failed';
      sendHtml(response, 400, page('Checkout error', `<h1>${escapeHtml(message)}</h1>`));
      return;
    }
    const { html, nonce } = autoPost(
      session.callbackUrl,
      fields as unknown as Record<string, string>,
    );
    sendHtml(response, 200, html, nonce);
  }

  function stateNow(): GatewayState {
    return JSON.parse(
      JSON.stringify({
        orders: [...orders.values()].map((record) => record.order),
        payments: [...payments.values()],
        transfers: [...transfers.values()],
        reversals: [...reversals.values()],
        refunds: [...refunds.values()],
        accounts: [...accounts.values()].map((record) => record.account),
        settlements: [...settlements.values()],
        faults,
        writes,
        webhooks: {
          url: webhookUrl ?? null,
          emitted,
          deliveries,
          queued: queue.length,
          held: held.length,
        },
      }),
    ) as GatewayState;
  }

  function overviewPage(): string {
    const state = stateNow();
    const table = (caption: string, headers: string[], rows: string[][]) =>
      `<h2>${caption}</h2><table><thead><tr>${headers.map((header) => `<th scope="col">${header}</th>`).join('')}</tr></thead><tbody>${
        rows.length === 0
          ? `<tr><td colspan="${String(headers.length)}">None yet.</td></tr>`
          : rows
              .map(
                (row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`,
              )
              .join('')
      }</tbody></table>`;
    return page(
      'Local payment gateway',
      `<h1>Local payment gateway</h1>
<p>A stand-in for Razorpay (Orders, Payments, Route transfers, refunds, linked accounts) for development: no money moves.
JSON: <a href="/__control/state">/__control/state</a>. Webhooks go to ${escapeHtml(state.webhooks.url ?? '(no URL set)')}
(${String(state.webhooks.queued)} queued, ${String(state.webhooks.held)} held).</p>
<form method="post" action="/__control/settle" style="display:inline"><button type="submit">Settle released transfers</button></form>
<form method="post" action="/__control/webhooks/flush" style="display:inline"><button type="submit">Deliver held webhooks</button></form>
${table(
  'Orders',
  ['Id', 'Receipt', 'Amount', 'Status', 'Created'],
  [...state.orders]
    .reverse()
    .map((item) => [
      item.id,
      item.receipt ?? '',
      rupees(item.amount),
      item.status,
      new Date(item.created_at * 1000).toISOString(),
    ]),
)}
${table(
  'Payments',
  ['Id', 'Order', 'Amount', 'Refunded', 'Status'],
  [...state.payments]
    .reverse()
    .map((item) => [
      item.id,
      item.order_id,
      rupees(item.amount),
      rupees(item.amount_refunded),
      item.status,
    ]),
)}
${table(
  'Transfers',
  ['Id', 'Payment', 'Linked account', 'Amount', 'Reversed', 'On hold', 'Settlement'],
  [...state.transfers]
    .reverse()
    .map((item) => [
      item.id,
      item.source,
      item.recipient,
      rupees(item.amount),
      rupees(item.amount_reversed),
      item.on_hold ? 'yes' : 'no',
      item.settlement_status,
    ]),
)}
${table(
  'Linked accounts',
  ['Id', 'Reference', 'Name', 'Status'],
  [...state.accounts]
    .reverse()
    .map((item) => [item.id, item.reference_id ?? '', item.legal_business_name, item.status]),
)}
${table(
  'Webhook deliveries (latest 50)',
  ['Event id', 'Event', 'Answer', 'At'],
  state.webhooks.deliveries
    .slice(-50)
    .reverse()
    .map((item) => [
      item.eventId,
      item.event,
      item.status === 0 ? 'unreachable' : String(item.status),
      item.at,
    ]),
)}`,
    );
  }

  function setFaults(changes: Readonly<Record<string, unknown>>): GatewayFaults {
    const next = { ...faults };
    const integer = (value: unknown, minimum: number, maximum: number, name: string) => {
      if (
        typeof value !== 'number' ||
        !Number.isSafeInteger(value) ||
        value < minimum ||
        value > maximum
      ) {
        throw badRequest(
          `${name} must be an integer from ${String(minimum)} to ${String(maximum)}`,
          name,
        );
      }
      return value;
    };
    if (changes.failNext !== undefined)
      next.failNext = integer(changes.failNext, 0, 1_000_000, 'failNext');
    if (changes.failStatus !== undefined)
      next.failStatus = integer(changes.failStatus, 500, 599, 'failStatus');
    if (changes.loseNextAnswers !== undefined) {
      next.loseNextAnswers = integer(changes.loseNextAnswers, 0, 1_000_000, 'loseNextAnswers');
    }
    if (changes.delayMs !== undefined)
      next.delayMs = integer(changes.delayMs, 0, 120_000, 'delayMs');
    if (changes.duplicateWebhooks !== undefined) {
      next.duplicateWebhooks = integer(changes.duplicateWebhooks, 1, 20, 'duplicateWebhooks');
    }
    if (changes.shuffleWebhooks !== undefined)
      next.shuffleWebhooks = changes.shuffleWebhooks === true;
    if (changes.holdWebhooks !== undefined) next.holdWebhooks = changes.holdWebhooks === true;
    if (changes.downMode !== undefined) {
      if (changes.downMode !== 'refuse' && changes.downMode !== 'unavailable') {
        throw badRequest('downMode must be refuse or unavailable', 'downMode');
      }
      next.downMode = changes.downMode;
    }
    if (changes.downForMs !== undefined) {
      next.downUntil = Date.now() + integer(changes.downForMs, 0, 3_600_000, 'downForMs');
    }
    if (changes.downUntil !== undefined)
      next.downUntil = integer(changes.downUntil, 0, Number.MAX_SAFE_INTEGER, 'downUntil');
    faults = next;
    return { ...faults };
  }

  function reset(): void {
    generation += 1;
    for (const timer of retryTimers) clearTimeout(timer);
    retryTimers.clear();
    for (const store of [
      orders,
      payments,
      transfers,
      reversals,
      refunds,
      accounts,
      settlements,
      checkouts,
      idempotent,
    ]) {
      store.clear();
    }
    emitted.length = 0;
    deliveries.length = 0;
    writes.length = 0;
    queue = [];
    held = [];
    delivering = false;
    faults = cleanFaults();
    wakeIdle();
  }

  async function handleControl(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    const text = (await readBody(request, MAX_BODY_BYTES)) ?? '';
    const fromPage = (request.headers['content-type'] ?? '').startsWith(
      'application/x-www-form-urlencoded',
    );
    let body: Record<string, unknown> = {};
    if (!fromPage && text.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(text);
        if (isRecord(parsed)) body = parsed;
      } catch {
        answer(response, 400, errorBody(badRequest('The request body is not valid JSON')));
        return;
      }
    }
    const done = (value: unknown) => {
      if (fromPage) response.writeHead(303, { location: '/' }).end();
      else answer(response, 200, value);
    };
    const path = url.pathname;
    const method = request.method ?? 'GET';
    try {
      if (method === 'GET' && path === '/__control/state') {
        done(stateNow());
        return;
      }
      if (method === 'POST' && path === '/__control/faults') {
        done(setFaults(body));
        return;
      }
      if (method === 'POST' && path === '/__control/webhooks/flush') {
        flushWebhooks();
        done({ flushed: true });
        return;
      }
      if (method === 'POST' && path === '/__control/webhook-url') {
        const next = typeof body.url === 'string' ? httpUrlOrNull(body.url) : null;
        webhookUrl = next ?? undefined;
        if (webhookUrl) flushWebhooks();
        done({ url: webhookUrl ?? null });
        return;
      }
      if (method === 'POST' && path === '/__control/settle') {
        done(collection(settle()));
        return;
      }
      if (method === 'POST' && path === '/__control/reset') {
        reset();
        done({ reset: true });
        return;
      }
      const paid = /^\/__control\/orders\/([A-Za-z0-9_]+)\/pay$/.exec(path);
      if (method === 'POST' && paid?.[1]) {
        done(pay(paid[1], body.outcome === 'failure' ? 'failure' : 'success'));
        return;
      }
      const status = /^\/__control\/accounts\/([A-Za-z0-9_]+)\/status$/.exec(path);
      if (method === 'POST' && status?.[1]) {
        const wanted = body.status;
        const allowed: AccountStatus[] = [
          'created',
          'under_review',
          'needs_clarification',
          'activated',
          'suspended',
        ];
        if (typeof wanted !== 'string' || !allowed.includes(wanted as AccountStatus)) {
          throw badRequest('status is not valid', 'status');
        }
        const record = account(status[1]);
        activate(record, wanted as AccountStatus);
        done(record.account);
        return;
      }
      answer(response, 404, errorBody(new ApiError(404, 'BAD_REQUEST_ERROR', 'Not found')));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer(response, error.status, errorBody(error));
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/v1/checkout/embedded') && request.method === 'POST') {
      await handleCheckout(request, response, url);
      return;
    }
    if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v2/')) {
      await handleApi(request, response, url);
      return;
    }
    if (url.pathname.startsWith('/__control/')) {
      await handleControl(request, response, url);
      return;
    }
    if (request.method === 'GET' && url.pathname === '/') {
      sendHtml(response, 200, overviewPage());
      return;
    }
    answer(response, 404, errorBody(new ApiError(404, 'BAD_REQUEST_ERROR', 'Not found')));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) {
        answer(response, 500, errorBody(new ApiError(500, 'SERVER_ERROR', 'Internal error')));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${String(port)}`;

  return {
    url,
    pageUrl: `http://localhost:${String(port)}/`,
    keyId,
    keySecret,
    webhookSecret,
    merchantAccountId,
    backendEnv: {
      RAZORPAY_API_URL: url,
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
    },
    setWebhookUrl(next) {
      webhookUrl = next;
      if (next) flushWebhooks();
    },
    pay: ((orderId: string, outcome: 'success' | 'failure' = 'success') =>
      pay(orderId, outcome)) as LocalPaymentGateway['pay'],
    settle,
    setAccountStatus(accountId, status) {
      const record = account(accountId);
      activate(record, status);
      return { ...record.account };
    },
    setFaults,
    flushWebhooks,
    webhooksIdle(timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          idleWaiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          idleWaiters.delete(wake);
          reject(new Error(`Webhooks still pending after ${String(timeoutMs)} ms`));
        }, timeoutMs);
        idleWaiters.add(wake);
        if (isIdle()) wake();
      });
    },
    signWebhook: (body) => hmacHex(webhookSecret, body),
    state: stateNow,
    reset,
    stop: () =>
      new Promise<void>((resolve) => {
        generation += 1;
        for (const timer of retryTimers) clearTimeout(timer);
        retryTimers.clear();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
