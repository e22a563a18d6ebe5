/** Orders (with Route `transfers` to make on capture) and payments: the brand pays or fails to. */
import { isRecord } from '@paylock/dev-http';
import { badRequest, NOT_FOUND_DESCRIPTION } from './errors.ts';
import type { Gateway } from './gateway.ts';
import type { CheckoutSession, OrderRecord } from './store.ts';
import type {
  CheckoutFailure,
  CheckoutSuccess,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayTransfer,
} from './types.ts';
import { amountOf, flag, hmacHex, newId, notesOf, now, stringOf } from './values.ts';

export function createOrder({ store }: Gateway, body: Record<string, unknown>): RazorpayOrder {
  const amount = amountOf(body.amount, 'amount', 100);
  if ((body.currency ?? 'INR') !== 'INR') throw badRequest('Currency is not supported', 'currency');
  const receipt = stringOf(body.receipt, 'receipt', 40, false) || null;
  const notes = notesOf(body.notes);
  if (flag(body.partial_payment) === true) {
    throw badRequest('partial_payment must be false for orders with transfers', 'partial_payment');
  }
  const instructions: OrderRecord['transfers'] = [];
  if (body.transfers !== undefined) {
    if (!Array.isArray(body.transfers)) throw badRequest('transfers must be an array', 'transfers');
    for (const [index, raw] of (body.transfers as unknown[]).entries()) {
      const field = `transfers.${String(index)}`;
      if (!isRecord(raw)) throw badRequest('Invalid transfer', field);
      const target = stringOf(raw.account, `${field}.account`, 40);
      if (!store.accounts.has(target)) throw badRequest(NOT_FOUND_DESCRIPTION, `${field}.account`);
      if ((raw.currency ?? 'INR') !== 'INR') {
        throw badRequest('Currency is not supported', `${field}.currency`);
      }
      const onHold = flag(raw.on_hold ?? false);
      if (onHold === undefined) throw badRequest('on_hold must be 0 or 1', `${field}.on_hold`);
      const onHoldUntil = raw.on_hold_until;
      if (onHoldUntil !== undefined && onHoldUntil !== null && !Number.isSafeInteger(onHoldUntil)) {
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
  store.orders.set(created.id, { order: created, transfers: instructions });
  return created;
}

type PaymentBase = Omit<
  RazorpayPayment,
  | 'id'
  | 'status'
  | 'captured'
  | 'error_code'
  | 'error_description'
  | 'error_source'
  | 'error_step'
  | 'error_reason'
>;

export function pay(
  gateway: Gateway,
  orderId: string,
  outcome: 'success' | 'failure',
  session?: CheckoutSession,
): CheckoutSuccess | CheckoutFailure {
  const record = gateway.store.order(orderId);
  if (record.order.status === 'paid') throw badRequest('Order has already been paid', 'order_id');
  const base: PaymentBase = {
    entity: 'payment',
    amount: record.order.amount,
    currency: 'INR',
    order_id: orderId,
    method: 'upi',
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
  return outcome === 'failure'
    ? failPayment(gateway, record, base)
    : capturePayment(gateway, record, base);
}

function failPayment(
  { store, webhooks }: Gateway,
  record: OrderRecord,
  base: PaymentBase,
): CheckoutFailure {
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
  store.payments.set(failed.id, failed);
  record.order.status = 'attempted';
  webhooks.emit([{ event: 'payment.failed', payload: { payment: { ...failed } } }]);
  return {
    'error[code]': 'BAD_REQUEST_ERROR',
    'error[description]': 'Payment failed',
    'error[source]': 'customer',
    'error[step]': 'payment_authentication',
    'error[reason]': 'payment_failed',
    'error[metadata]': JSON.stringify({ payment_id: failed.id, order_id: record.order.id }),
  };
}

/** Captured: the order paid and its Route transfers made (on hold as asked). */
function capturePayment(
  { store, webhooks, settings }: Gateway,
  record: OrderRecord,
  base: PaymentBase,
): CheckoutSuccess {
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
  store.payments.set(captured.id, captured);
  record.order.status = 'paid';
  record.order.amount_paid = record.order.amount;
  record.order.amount_due = 0;
  const made = record.transfers.map((instruction) => {
    const created = transferOf(instruction, captured.id);
    store.transfers.set(created.id, created);
    return created;
  });
  webhooks.emit([
    { event: 'payment.captured', payload: { payment: { ...captured } } },
    { event: 'order.paid', payload: { payment: { ...captured }, order: { ...record.order } } },
    ...made.map((item) => ({ event: 'transfer.processed', payload: { transfer: { ...item } } })),
  ]);
  const orderId = record.order.id;
  return {
    razorpay_payment_id: captured.id,
    razorpay_order_id: orderId,
    razorpay_signature: hmacHex(settings.keySecret, `${orderId}|${captured.id}`),
  };
}

function transferOf(
  instruction: OrderRecord['transfers'][number],
  paymentId: string,
): RazorpayTransfer {
  return {
    id: newId('trf'),
    entity: 'transfer',
    status: 'processed',
    source: paymentId,
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
    error: { code: null, description: null, reason: null, field: null, step: null, source: null },
  };
}
