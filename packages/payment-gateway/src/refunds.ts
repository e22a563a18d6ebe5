/** Refunds of a captured payment, whole or in part. */
import { badRequest } from './errors.ts';
import type { Gateway } from './gateway.ts';
import type { RazorpayRefund } from './types.ts';
import { amountOf, newId, notesOf, now, stringOf } from './values.ts';

export function refund(
  { store, webhooks }: Gateway,
  paymentId: string,
  body: Record<string, unknown>,
): RazorpayRefund {
  const found = store.payment(paymentId);
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
  store.refunds.set(created.id, created);
  found.amount_refunded += amount;
  found.refund_status = found.amount_refunded === found.amount ? 'full' : 'partial';
  if (found.refund_status === 'full') found.status = 'refunded';
  webhooks.emit([
    { event: 'refund.created', payload: { refund: { ...created }, payment: { ...found } } },
    { event: 'refund.processed', payload: { refund: { ...created }, payment: { ...found } } },
  ]);
  return created;
}
