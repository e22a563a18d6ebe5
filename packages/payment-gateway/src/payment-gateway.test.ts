import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type LocalPaymentGateway, startPaymentGateway } from './index.ts';

interface Received {
  readonly body: string;
  readonly signature: string | undefined;
  readonly eventId: string | undefined;
}

let gateway: LocalPaymentGateway;
let receiver: Server;
const received: Received[] = [];
/** The receiver answers this status (then 200) this many times. */
let refuseNext = 0;

before(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refuseNext > 0) {
        refuseNext -= 1;
        response.writeHead(500).end();
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: request.headers['x-razorpay-signature'] as string | undefined,
        eventId: request.headers['x-razorpay-event-id'] as string | undefined,
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  gateway = await startPaymentGateway({
    keyId: 'rzp_test_local',
    keySecret: 'key-secret',
    webhookSecret: 'webhook-secret',
    webhookUrl: `http://127.0.0.1:${String(port)}/webhooks`,
    webhookRetryDelayMs: 20,
  });
});

after(async () => {
  await gateway.stop();
  await new Promise<void>((resolve) =>
    receiver.close(() => {
      resolve();
    }),
  );
});

beforeEach(() => {
  gateway.reset();
  received.length = 0;
  refuseNext = 0;
});

const AUTH = `Basic ${Buffer.from('rzp_test_local:key-secret').toString('base64')}`;

async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: { authorization: AUTH, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function linkedAccount(email = 'creator@example.com'): Promise<string> {
  const account = await api('POST', '/v2/accounts', {
    email,
    phone: '9876543210',
    type: 'route',
    reference_id: 'creator-1',
    legal_business_name: 'Asha Rao',
    business_type: 'individual',
    contact_name: 'Asha Rao',
    legal_info: { pan: 'ABCPR1234K' },
  });
  assert.equal(account.status, 200, JSON.stringify(account.body));
  const id = account.body.id as string;
  const product = await api('POST', `/v2/accounts/${id}/products`, {
    product_name: 'route',
    tnc_accepted: true,
  });
  const updated = await api('PATCH', `/v2/accounts/${id}/products/${product.body.id as string}`, {
    settlements: {
      account_number: '123456789012',
      ifsc_code: 'HDFC0000123',
      beneficiary_name: 'Asha Rao',
    },
    tnc_accepted: true,
  });
  assert.equal(updated.body.activation_status, 'activated');
  return id;
}

async function orderWithTransfer(account: string, key?: string) {
  return api(
    'POST',
    '/v1/orders',
    {
      amount: 500_000,
      currency: 'INR',
      receipt: 'milestone-1',
      notes: { deal: 'd1' },
      transfers: [
        { account, amount: 500_000, currency: 'INR', on_hold: 1, notes: { milestone: 'm1' } },
      ],
    },
    key ? { 'x-order-idempotency': key } : {},
  );
}

function events(): {
  event: string;
  payload: Record<string, { entity: Record<string, unknown> }>;
}[] {
  return received.map(
    (item) =>
      JSON.parse(item.body) as {
        event: string;
        payload: Record<string, { entity: Record<string, unknown> }>;
      },
  );
}

void describe('the Razorpay API subset', () => {
  void it('refuses a request without the key pair, with Razorpay’s error body', async () => {
    for (const authorization of [
      '',
      `Basic ${Buffer.from('rzp_test_local:wrong').toString('base64')}`,
    ]) {
      const response = await fetch(`${gateway.url}/v1/orders/order_x`, {
        headers: authorization ? { authorization } : {},
      });
      assert.equal(response.status, 401);
      const body = (await response.json()) as { error: { code: string; description: string } };
      assert.equal(body.error.code, 'BAD_REQUEST_ERROR');
      assert.equal(body.error.description, 'Authentication failed');
    }
  });

  void it('answers invalid input and unknown ids as Razorpay does', async () => {
    const small = await api('POST', '/v1/orders', { amount: 50, currency: 'INR' });
    assert.equal(small.status, 400);
    assert.deepEqual((small.body.error as { field: string }).field, 'amount');
    const fraction = await api('POST', '/v1/orders', { amount: 100.5, currency: 'INR' });
    assert.equal(fraction.status, 400);
    const unknown = await api('GET', '/v1/payments/pay_unknown');
    assert.equal(unknown.status, 400);
    assert.equal(
      (unknown.body.error as { description: string }).description,
      'The id provided does not exist',
    );
    const unknownAccount = await api('POST', '/v1/orders', {
      amount: 1000,
      transfers: [{ account: 'acc_nope', amount: 1000, currency: 'INR', on_hold: 1 }],
    });
    assert.equal(unknownAccount.status, 400);
  });

  void it('creates transfers on hold when the order is paid, releases and settles them', async () => {
    const account = await linkedAccount();
    const order = await orderWithTransfer(account);
    assert.equal(order.status, 200);
    assert.equal(order.body.status, 'created');
    const orderId = order.body.id as string;
    assert.match(orderId, /^order_[A-Za-z0-9]{14}$/);

    const paid = gateway.pay(orderId);
    assert.equal(
      paid.razorpay_signature,
      createHmac('sha256', 'key-secret')
        .update(`${orderId}|${paid.razorpay_payment_id}`)
        .digest('hex'),
    );
    assert.equal((await api('GET', `/v1/orders/${orderId}`)).body.status, 'paid');
    const orderPayments = await api('GET', `/v1/orders/${orderId}/payments`);
    assert.equal(orderPayments.body.count, 1);
    const transfers = await api('GET', `/v1/payments/${paid.razorpay_payment_id}/transfers`);
    const [held] = transfers.body.items as Record<string, unknown>[];
    assert.ok(held);
    assert.equal(held.on_hold, true);
    assert.equal(held.settlement_status, 'on_hold');
    assert.equal(held.recipient, account);
    assert.equal(gateway.settle().length, 0, 'a transfer on hold does not settle');

    const released = await api('PATCH', `/v1/transfers/${held.id as string}`, { on_hold: 0 });
    assert.equal(released.body.on_hold, false);
    assert.equal(released.body.settlement_status, 'pending');
    const settled = gateway.settle();
    assert.equal(settled.length, 1);
    const after = await api('GET', `/v1/transfers/${held.id as string}`);
    assert.equal(after.body.settlement_status, 'settled');
    assert.match(after.body.recipient_settlement_id as string, /^setl_/);

    await gateway.webhooksIdle();
    assert.deepEqual(
      events().map((item) => item.event),
      [
        'product.route.activated',
        'payment.captured',
        'order.paid',
        'transfer.processed',
        'settlement.processed',
      ],
    );
  });

  void it('reverses a transfer and refunds a payment, within what is left', async () => {
    const account = await linkedAccount();
    const order = await orderWithTransfer(account);
    const paid = gateway.pay(order.body.id as string);
    const transfers = await api('GET', `/v1/payments/${paid.razorpay_payment_id}/transfers`);
    const transferId = (transfers.body.items as { id: string }[])[0]?.id ?? '';
    const reversal = await api('POST', `/v1/transfers/${transferId}/reversals`, {
      amount: 500_000,
    });
    assert.equal(reversal.body.entity, 'reversal');
    assert.equal((await api('GET', `/v1/transfers/${transferId}`)).body.status, 'reversed');
    const again = await api('POST', `/v1/transfers/${transferId}/reversals`, { amount: 1 });
    assert.equal(again.status, 400);
    const refund = await api('POST', `/v1/payments/${paid.razorpay_payment_id}/refund`, {
      amount: 500_000,
    });
    assert.equal(refund.body.status, 'processed');
    const payment = await api('GET', `/v1/payments/${paid.razorpay_payment_id}`);
    assert.equal(payment.body.status, 'refunded');
    assert.equal(payment.body.amount_refunded, 500_000);
    const tooMuch = await api('POST', `/v1/payments/${paid.razorpay_payment_id}/refund`, {
      amount: 100,
    });
    assert.equal(tooMuch.status, 400);
  });
});

void describe('a linked account settling to a UPI ID (the composite call)', () => {
  const composite = (email: string, settlement: Record<string, unknown>) => ({
    email,
    phone: '9876543210',
    type: 'route',
    reference_id: 'creator-upi',
    legal_business_name: 'Asha Rao',
    business_type: 'individual',
    contact_name: 'Asha Rao',
    legal_info: { pan: 'ABCPR1234K' },
    tnc_accepted: true,
    settlement_accounts: [settlement],
  });
  const upi = (vpa: string) => ({
    method: 'upi',
    upi: { vpa, beneficiary_name: 'Asha Rao', currency: 'INR', is_default: true },
  });

  void it('stores the VPA, activates the account and receives transfers', async () => {
    const created = await api(
      'POST',
      '/v2/accounts',
      composite('upi@example.com', upi('Asha.Rao@OkHdfc')),
      { 'idempotency-key': 'payout-profile-upi-1' },
    );
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.status, 'activated');
    assert.deepEqual(created.body.settlement_accounts, [upi('asha.rao@okhdfc')]);
    const id = created.body.id as string;
    const fetched = await api('GET', `/v2/accounts/${id}`);
    assert.equal(fetched.body.status, 'activated');
    const order = await orderWithTransfer(id);
    assert.equal(order.status, 200, JSON.stringify(order.body));

    const again = await api(
      'POST',
      '/v2/accounts',
      composite('upi@example.com', upi('Asha.Rao@OkHdfc')),
      { 'idempotency-key': 'payout-profile-upi-1' },
    );
    assert.equal(again.body.id, id);
    assert.equal(gateway.state().accounts.length, 1);
  });

  void it('refuses a malformed VPA, naming the field, and creates nothing', async () => {
    const refused = await api('POST', '/v2/accounts', composite('bad@example.com', upi('no-at')));
    assert.equal(refused.status, 400);
    assert.equal((refused.body.error as { field: string }).field, 'settlement_accounts.upi.vpa');
    const unknown = await api(
      'POST',
      '/v2/accounts',
      composite('bad@example.com', { method: 'cheque' }),
    );
    assert.equal(unknown.status, 400);
    assert.equal(gateway.state().accounts.length, 0);
  });
});

void describe('idempotency', () => {
  void it('a repeated key returns the first answer and creates nothing', async () => {
    const account = await linkedAccount();
    const first = await orderWithTransfer(account, 'fund-deal-1-m1');
    const second = await orderWithTransfer(account, 'fund-deal-1-m1');
    assert.deepEqual(second, first);
    assert.equal(gateway.state().orders.length, 1);

    const paid = gateway.pay(first.body.id as string);
    const refundKey = { 'x-refund-idempotency': 'refund-deal-1-m1' };
    const path = `/v1/payments/${paid.razorpay_payment_id}/refund`;
    const r1 = await api('POST', path, { amount: 1000 }, refundKey);
    const r2 = await api('POST', path, { amount: 1000 }, refundKey);
    assert.equal(r2.body.id, r1.body.id);
    assert.equal(gateway.state().refunds.length, 1);
    const different = await api('POST', path, { amount: 2000 }, refundKey);
    assert.equal(different.status, 400);
    assert.equal(
      (different.body.error as { description: string }).description,
      'Different request with the same idempotency key has already been processed.',
    );
  });

  void it('a write whose answer was lost is not repeated by its retry', async () => {
    gateway.setFaults({ loseNextAnswers: 1 });
    await assert.rejects(
      api('POST', '/v1/orders', { amount: 1000 }, { 'x-order-idempotency': 'lost-answer-1' }),
    );
    const retry = await api(
      'POST',
      '/v1/orders',
      { amount: 1000 },
      { 'x-order-idempotency': 'lost-answer-1' },
    );
    assert.equal(retry.status, 200);
    assert.equal(gateway.state().orders.length, 1);
  });
});

void describe('fault controls', () => {
  void it('fails the next N requests with a server error, changing nothing', async () => {
    gateway.setFaults({ failNext: 2, failStatus: 502 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await api('POST', '/v1/orders', { amount: 1000 });
      assert.equal(failed.status, 502);
      assert.equal((failed.body.error as { code: string }).code, 'SERVER_ERROR');
    }
    assert.equal((await api('POST', '/v1/orders', { amount: 1000 })).status, 200);
    assert.equal(gateway.state().orders.length, 1);
  });

  void it('goes down (503, or connections dropped) for a period, then comes back', async () => {
    gateway.setFaults({ downForMs: 60_000, downMode: 'unavailable' });
    assert.equal((await api('GET', '/v1/orders')).status, 503);
    gateway.setFaults({ downMode: 'refuse' });
    await assert.rejects(api('GET', '/v1/orders'));
    gateway.setFaults({ downUntil: 0 });
    assert.equal((await api('GET', '/v1/orders')).status, 200);
  });

  void it('delays answers', async () => {
    gateway.setFaults({ delayMs: 150 });
    const started = performance.now();
    await api('GET', '/v1/orders');
    assert.ok(performance.now() - started >= 140);
  });

  void it('signs webhooks as Razorpay does, duplicates them, holds and shuffles them', async () => {
    const account = await linkedAccount();
    await gateway.webhooksIdle();
    received.length = 0;
    gateway.setFaults({ duplicateWebhooks: 3, holdWebhooks: true, shuffleWebhooks: true });
    const order = await orderWithTransfer(account);
    gateway.pay(order.body.id as string);
    await gateway.webhooksIdle();
    assert.equal(received.length, 0, 'held');
    assert.equal(gateway.state().webhooks.held, 9);
    gateway.flushWebhooks();
    await gateway.webhooksIdle();
    assert.equal(received.length, 9);
    for (const item of received) {
      assert.equal(
        item.signature,
        createHmac('sha256', 'webhook-secret').update(item.body).digest('hex'),
      );
      assert.match(item.eventId ?? '', /^evt_/);
      const body = JSON.parse(item.body) as Record<string, unknown>;
      assert.equal(body.entity, 'event');
      assert.equal(body.account_id, gateway.merchantAccountId);
    }
    assert.equal(new Set(received.map((item) => item.eventId)).size, 3);
    const captured = events().find((item) => item.event === 'payment.captured');
    assert.equal(captured?.payload.payment?.entity.status, 'captured');
  });

  void it('retries a webhook the receiver refused', async () => {
    refuseNext = 2;
    await linkedAccount();
    await gateway.webhooksIdle();
    assert.equal(received.length, 1);
    const statuses = gateway.state().webhooks.deliveries.map((item) => item.status);
    assert.deepEqual(statuses, [500, 500, 200]);
  });

  void it('answers 409 while a write with the same key is still in progress', async () => {
    gateway.setFaults({ delayMs: 200 });
    const key = { 'x-order-idempotency': 'in-progress-1' };
    const firstRequest = api('POST', '/v1/orders', { amount: 1000 }, key);
    // The second is sent once the gateway has taken the first (and holds it for the delay).
    while (
      !gateway.state().writes.some(({ idempotencyKey }) => idempotencyKey === 'in-progress-1')
    ) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const second = await api('POST', '/v1/orders', { amount: 1000 }, key);
    const first = await firstRequest;
    assert.equal(first.status, 200);
    assert.equal(second.status, 409);
    assert.equal(gateway.state().orders.length, 1);
    // The state lists each write received and what became of it, a replay included.
    await api('POST', '/v1/orders', { amount: 1000 }, key);
    assert.deepEqual(
      gateway.state().writes.map(({ method, path, idempotencyKey, outcome }) => ({
        method,
        path,
        idempotencyKey,
        outcome,
      })),
      ['applied', 'in_progress', 'replayed'].map((outcome) => ({
        method: 'POST',
        path: '/v1/orders',
        idempotencyKey: 'in-progress-1',
        outcome,
      })),
    );
  });

  void it('lists a delayed write as received before it is carried out', async () => {
    gateway.setFaults({ delayMs: 300 });
    const pending = api('POST', '/v1/orders', { amount: 1000 });
    while (gateway.state().writes.length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(gateway.state().writes[0]?.outcome, 'received');
    assert.equal(gateway.state().orders.length, 0);
    assert.equal((await pending).status, 200);
    assert.equal(gateway.state().writes[0]?.outcome, 'applied');
  });

  void it('keeps webhooks while no URL is set, and delivers them once one is', async () => {
    gateway.setWebhookUrl(undefined);
    const order = await api('POST', '/v1/orders', { amount: 1000 });
    gateway.pay(order.body.id as string);
    await gateway.webhooksIdle();
    assert.equal(received.length, 0);
    const { port } = receiver.address() as AddressInfo;
    gateway.setWebhookUrl(`http://127.0.0.1:${String(port)}/webhooks`);
    await gateway.webhooksIdle();
    assert.deepEqual(
      events().map((item) => item.event),
      ['payment.captured', 'order.paid'],
    );
  });

  void it('lists what it holds on a page, as text, with a settle button', async () => {
    await api('POST', '/v1/orders', { amount: 1000, receipt: '<b>r1</b>' });
    const page = await fetch(gateway.pageUrl.replace('localhost', '127.0.0.1'));
    const html = await page.text();
    assert.match(html, /<h1>Local payment gateway<\/h1>/);
    assert.match(html, /&#60;b&#62;r1&#60;\/b&#62;/);
    assert.doesNotMatch(html, /<b>r1<\/b>/);
    const settle = await fetch(`${gateway.url}/__control/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    assert.equal(settle.status, 303);
  });

  void it('offers its controls and state as JSON', async () => {
    const faults = await fetch(`${gateway.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failNext: 1 }),
    });
    assert.equal(((await faults.json()) as { failNext: number }).failNext, 1);
    const state = (await (await fetch(`${gateway.url}/__control/state`)).json()) as {
      faults: { failNext: number };
      orders: unknown[];
    };
    assert.equal(state.faults.failNext, 1);
    assert.deepEqual(state.orders, []);
  });
});

void describe('the hosted checkout', () => {
  void it('shows Pay and Fail, then posts the signed result to the callback URL', async () => {
    const account = await linkedAccount();
    const order = await orderWithTransfer(account);
    const orderId = order.body.id as string;
    const form = new URLSearchParams({
      key_id: 'rzp_test_local',
      order_id: orderId,
      amount: '500000',
      name: 'Paylock',
      description: 'Milestone <1>',
      'prefill[email]': 'brand@example.com',
      callback_url: 'http://localhost:5173/api/v1/payments/checkout/callback',
      cancel_url: 'http://localhost:5173/deals/review',
    });
    const pageResponse = await fetch(`${gateway.url}/v1/checkout/embedded`, {
      method: 'POST',
      body: form,
    });
    assert.equal(pageResponse.status, 200);
    const html = await pageResponse.text();
    assert.match(html, /Milestone &#60;1&#62;/);
    assert.match(html, /₹5000\.00/);
    const payAction = /action="(\/v1\/checkout\/embedded\/[a-f0-9]{32}\/pay)"/.exec(html)?.[1];
    assert.ok(payAction);
    const result = await fetch(`${gateway.url}${payAction}`, { method: 'POST' });
    const resultHtml = await result.text();
    assert.match(
      resultHtml,
      /action="http:\/\/localhost:5173\/api\/v1\/payments\/checkout\/callback"/,
    );
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]+)"`).exec(resultHtml)?.[1];
    const paymentId = field('razorpay_payment_id') ?? '';
    assert.equal(field('razorpay_order_id'), orderId);
    assert.equal(
      field('razorpay_signature'),
      createHmac('sha256', 'key-secret').update(`${orderId}|${paymentId}`).digest('hex'),
    );
    assert.match(result.headers.get('content-security-policy') ?? '', /script-src 'nonce-/);
    assert.equal((await api('GET', `/v1/orders/${orderId}`)).body.status, 'paid');
  });

  void it('refuses a wrong key, an unknown order or another amount', async () => {
    const order = await api('POST', '/v1/orders', { amount: 1000 });
    const cases: Record<string, string>[] = [
      { key_id: 'rzp_test_other', order_id: order.body.id as string },
      { key_id: 'rzp_test_local', order_id: 'order_nope' },
      { key_id: 'rzp_test_local', order_id: order.body.id as string, amount: '999' },
    ];
    for (const fields of cases) {
      const response = await fetch(`${gateway.url}/v1/checkout/embedded`, {
        method: 'POST',
        body: new URLSearchParams({ ...fields, callback_url: 'http://localhost/callback' }),
      });
      assert.equal(response.status, 400);
    }
  });

  void it('a failed payment posts Razorpay’s error fields and leaves the order unpaid', async () => {
    const order = await api('POST', '/v1/orders', { amount: 1000 });
    const failure = gateway.pay(order.body.id as string, 'failure');
    assert.equal(failure['error[code]'], 'BAD_REQUEST_ERROR');
    assert.equal(
      (await api('GET', `/v1/orders/${order.body.id as string}`)).body.status,
      'attempted',
    );
  });
});
