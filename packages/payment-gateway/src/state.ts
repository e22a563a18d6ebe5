/** The whole state as JSON (for reconciliation tests) and as the overview page for people. */
import { escapeHtml } from '@paylock/dev-http';
import { page, rupees } from './answers.ts';
import type { Gateway } from './gateway.ts';
import type { GatewayState } from './types.ts';

export function gatewayState({ store, webhooks }: Gateway): GatewayState {
  return JSON.parse(
    JSON.stringify({
      orders: [...store.orders.values()].map((record) => record.order),
      payments: [...store.payments.values()],
      transfers: [...store.transfers.values()],
      reversals: [...store.reversals.values()],
      refunds: [...store.refunds.values()],
      accounts: [...store.accounts.values()].map((record) => record.account),
      settlements: [...store.settlements.values()],
      faults: store.faults,
      writes: store.writes,
      webhooks: { url: store.webhookUrl ?? null, ...webhooks.snapshot() },
    }),
  ) as GatewayState;
}

export function overviewPage(state: GatewayState): string {
  const table = (caption: string, headers: string[], rows: string[][]) =>
    `<h2>${caption}</h2><table><thead><tr>${headers.map((header) => `<th scope="col">${header}</th>`).join('')}</tr></thead><tbody>${
      rows.length === 0
        ? `<tr><td colspan="${String(headers.length)}">None yet.</td></tr>`
        : rows
            .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
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
