/** Route transfers: holds and their release, reversals, and the next working day's settlement. */
import { randomBytes } from 'node:crypto';
import { badRequest } from './errors.ts';
import type { Gateway } from './gateway.ts';
import type { RazorpayReversal, RazorpaySettlement, RazorpayTransfer } from './types.ts';
import { amountOf, flag, newId, notesOf, now } from './values.ts';

export function updateTransfer(
  { store }: Gateway,
  id: string,
  body: Record<string, unknown>,
): RazorpayTransfer {
  const found = store.transfer(id);
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

export function reverse(
  { store, settings }: Gateway,
  id: string,
  body: Record<string, unknown>,
): RazorpayReversal {
  const found = store.transfer(id);
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
    initiator_id: settings.merchantAccountId,
    customer_refund_id: null,
    created_at: now(),
  };
  store.reversals.set(reversal.id, reversal);
  found.amount_reversed += amount;
  found.status = found.amount_reversed === found.amount ? 'reversed' : 'partially_reversed';
  return reversal;
}

export function settle({ store, webhooks }: Gateway): RazorpayTransfer[] {
  const settled: RazorpayTransfer[] = [];
  const events: { event: string; payload: Record<string, unknown> }[] = [];
  for (const item of store.transfers.values()) {
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
    store.settlements.set(settlement.id, settlement);
    item.settlement_status = 'settled';
    item.recipient_settlement_id = settlement.id;
    settled.push(item);
    events.push({
      event: 'settlement.processed',
      payload: { settlement: { ...settlement }, transfer: { ...item } },
    });
  }
  webhooks.emit(events);
  return settled;
}
