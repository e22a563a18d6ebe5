import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LocalPaymentGateway, startPaymentGateway } from '@paylock/payment-gateway';
import {
  type LinkedAccountInput,
  PaymentGatewayError,
} from '../../application/ports/payment-gateway.port.js';
import { RazorpayPaymentGateway, type RazorpaySettings } from './razorpay-payment-gateway.js';

/**
 * The production adapter against the local payment gateway (packages/payment-gateway), which
 * speaks Razorpay's API, started on a free port: no mocks.
 */
interface ReceivedWebhook {
  readonly raw: Buffer;
  readonly signature: string | undefined;
  readonly eventId: string | undefined;
}

describe('RazorpayPaymentGateway against the local payment gateway', () => {
  let local: LocalPaymentGateway;
  let receiver: Server;
  const webhooks: ReceivedWebhook[] = [];

  function adapterFor(overrides: Partial<RazorpaySettings> = {}): RazorpayPaymentGateway {
    return new RazorpayPaymentGateway({
      apiUrl: local.url,
      keyId: local.keyId,
      keySecret: local.keySecret,
      webhookSecret: local.webhookSecret,
      timeoutMs: 2_000,
      merchantName: 'Paylock',
      ...overrides,
    });
  }

  let gateway: RazorpayPaymentGateway;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        webhooks.push({
          raw: Buffer.concat(chunks),
          signature: request.headers['x-razorpay-signature'] as string | undefined,
          eventId: request.headers['x-razorpay-event-id'] as string | undefined,
        });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    local = await startPaymentGateway({ webhookUrl: `http://127.0.0.1:${String(port)}/webhooks` });
    gateway = adapterFor();
  });

  afterAll(async () => {
    await local.stop();
    await new Promise<void>((resolve) =>
      receiver.close(() => {
        resolve();
      }),
    );
  });

  beforeEach(() => {
    local.reset();
    webhooks.length = 0;
  });

  let creators = 0;

  function creator(): LinkedAccountInput {
    creators += 1;
    return {
      referenceId: `creator-${String(creators)}`,
      email: `creator${String(creators)}@example.com`,
      phone: '9876543210',
      legalName: 'Asha Rao',
      pan: 'ABCPR1234K',
      settlement: {
        accountNumber: '123456789012',
        ifsc: 'HDFC0000123',
        beneficiaryName: 'Asha Rao',
      },
      idempotencyKey: `payout-profile:${String(creators)}`,
    };
  }

  async function fundedMilestone(amountPaise = 250_000) {
    const account = await gateway.createLinkedAccount(creator());
    const order = await gateway.createOrder({
      amountPaise,
      receipt: `fund-${String(Date.now())}-${String(Math.random()).slice(2, 8)}`,
      notes: { dealId: 'deal-1', milestoneId: 'm-1' },
      transfers: [
        { linkedAccountId: account.id, amountPaise, onHold: true, notes: { milestoneId: 'm-1' } },
      ],
      idempotencyKey: 'fund:deal-1:m-1:attempt-1',
    });
    return { account, order };
  }

  /** The brand's browser: posts the checkout form, presses a button, reads the callback form. */
  async function payThroughCheckout(orderId: string, amountPaise: number, button: 'pay' | 'fail') {
    const form = gateway.checkoutForm({
      orderId,
      amountPaise,
      description: 'Milestone 1',
      prefill: { name: 'Brand', email: 'brand@example.com', contact: '9000090000' },
      callbackUrl: 'http://localhost:5173/api/v1/payments/checkout/callback',
      cancelUrl: 'http://localhost:5173/deals/review',
    });
    const page = await fetch(form.action, {
      method: form.method,
      body: new URLSearchParams({ ...form.fields }),
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = new RegExp(`action="(/v1/checkout/embedded/[a-f0-9]+/${button})"`).exec(
      html,
    )?.[1];
    expect(action).toBeDefined();
    const result = await (await fetch(`${local.url}${action ?? ''}`, { method: 'POST' })).text();
    const field = (name: string) =>
      new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}" value="([^"]*)"`).exec(result)?.[1];
    return { field, html: result };
  }

  it('funds a milestone: order → checkout → payment and transfer on hold → release → settled', async () => {
    const { account, order } = await fundedMilestone();
    expect(account.status).toBe('activated');
    expect(order).toMatchObject({ amountPaise: 250_000, amountPaidPaise: 0, status: 'created' });

    const { field } = await payThroughCheckout(order.id, 250_000, 'pay');
    const result = {
      orderId: field('razorpay_order_id') ?? '',
      paymentId: field('razorpay_payment_id') ?? '',
      signature: field('razorpay_signature') ?? '',
    };
    expect(result.orderId).toBe(order.id);
    expect(gateway.verifyCheckout(result)).toBe(true);
    expect(gateway.verifyCheckout({ ...result, paymentId: 'pay_AAAAAAAAAAAAAA' })).toBe(false);
    expect(adapterFor({ keySecret: 'another-secret' }).verifyCheckout(result)).toBe(false);

    expect(await gateway.fetchOrder(order.id)).toMatchObject({
      status: 'paid',
      amountPaidPaise: 250_000,
    });
    const [payment] = await gateway.fetchOrderPayments(order.id);
    expect(payment).toMatchObject({
      id: result.paymentId,
      status: 'captured',
      amountPaise: 250_000,
    });
    const [transfer] = await gateway.fetchPaymentTransfers(result.paymentId);
    expect(transfer).toMatchObject({
      sourceId: result.paymentId,
      linkedAccountId: account.id,
      amountPaise: 250_000,
      onHold: true,
      status: 'processed',
      settlementStatus: 'on_hold',
      notes: { milestoneId: 'm-1' },
    });

    const released = await gateway.releaseTransfer(transfer?.id ?? '', 'release:deal-1:m-1');
    expect(released).toMatchObject({ onHold: false, settlementStatus: 'pending' });
    local.settle();
    expect(await gateway.fetchTransfer(transfer?.id ?? '')).toMatchObject({
      settlementStatus: 'settled',
    });
  });

  it('refunds: reverses the transfer, then refunds the payment', async () => {
    const { order } = await fundedMilestone();
    const paid = local.pay(order.id);
    const [transfer] = await gateway.fetchPaymentTransfers(paid.razorpay_payment_id);
    const reversed = await gateway.reverseTransfer(
      transfer?.id ?? '',
      250_000,
      'refund:deal-1:m-1',
    );
    expect(reversed).toMatchObject({ status: 'reversed', amountReversedPaise: 250_000 });
    const refund = await gateway.refundPayment(
      paid.razorpay_payment_id,
      250_000,
      'refund:deal-1:m-1',
    );
    expect(refund).toMatchObject({ paymentId: paid.razorpay_payment_id, status: 'processed' });
    expect(await gateway.fetchPayment(paid.razorpay_payment_id)).toMatchObject({
      status: 'refunded',
      amountRefundedPaise: 250_000,
    });
  });

  it('a retried write with the same idempotency key creates one object, even when its answer was lost', async () => {
    const { order } = await fundedMilestone();
    const paid = local.pay(order.id);
    const [transfer] = await gateway.fetchPaymentTransfers(paid.razorpay_payment_id);
    const transferId = transfer?.id ?? '';

    // Each write is done at the gateway, then its answer lost: the retry must not repeat it.
    local.setFaults({ loseNextAnswers: 1 });
    const lost = await gateway
      .refundPayment(paid.razorpay_payment_id, 10_000, 'partial-refund:deal-1:m-1')
      .catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(PaymentGatewayError);
    expect(lost).toMatchObject({ kind: 'unreachable', retryable: true });
    await gateway.refundPayment(paid.razorpay_payment_id, 10_000, 'partial-refund:deal-1:m-1');
    expect(local.state().refunds).toHaveLength(1);

    local.setFaults({ loseNextAnswers: 2 });
    // The first call's look-up answer is lost; the retry's look-up passes and its write is lost.
    await expect(gateway.reverseTransfer(transferId, 5_000, 'reverse:m-1')).rejects.toThrow();
    await expect(gateway.reverseTransfer(transferId, 5_000, 'reverse:m-1')).rejects.toThrow();
    await gateway.reverseTransfer(transferId, 5_000, 'reverse:m-1');
    expect(local.state().reversals).toHaveLength(1);

    const input = {
      amountPaise: 100_000,
      receipt: 'fund-retry-1',
      notes: {},
      transfers: [],
      idempotencyKey: 'fund:deal-2:m-1:attempt-1',
    };
    local.setFaults({ loseNextAnswers: 2 });
    await expect(gateway.createOrder(input)).rejects.toThrow();
    await expect(gateway.createOrder(input)).rejects.toThrow();
    const first = await gateway.createOrder(input);
    const again = await gateway.createOrder(input);
    expect(again.id).toBe(first.id);
    expect(local.state().orders.filter((item) => item.receipt === 'fund-retry-1')).toHaveLength(1);

    await gateway.releaseTransfer(transferId, 'release:m-1');
    await gateway.releaseTransfer(transferId, 'release:m-1');
    expect(await gateway.fetchTransfer(transferId)).toMatchObject({ onHold: false });
  });

  it('says which failures are worth a retry', async () => {
    local.setFaults({ failNext: 1, failStatus: 503 });
    await expect(gateway.fetchOrder('order_AAAAAAAAAAAAAA')).rejects.toMatchObject({
      kind: 'unavailable',
      retryable: true,
      gatewayCode: 'SERVER_ERROR',
    });
    await expect(gateway.fetchOrder('order_AAAAAAAAAAAAAA')).rejects.toMatchObject({
      kind: 'not_found',
      retryable: false,
    });
    await expect(
      adapterFor({ keySecret: 'wrong' }).fetchOrder('order_AAAAAAAAAAAAAA'),
    ).rejects.toMatchObject({ kind: 'authentication', retryable: false });
    await expect(
      gateway.createOrder({
        amountPaise: 50,
        receipt: 'too-small',
        notes: {},
        transfers: [],
        idempotencyKey: 'small',
      }),
    ).rejects.toMatchObject({ kind: 'rejected', retryable: false, field: 'amount' });
    local.setFaults({ downForMs: 60_000, downMode: 'refuse' });
    await expect(gateway.fetchOrder('order_AAAAAAAAAAAAAA')).rejects.toMatchObject({
      kind: 'unreachable',
      retryable: true,
    });
    local.setFaults({ downForMs: 0 });
    local.setFaults({ delayMs: 3_000 });
    await expect(gateway.fetchOrder('order_AAAAAAAAAAAAAA')).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });

  it('accepts the gateway’s signed webhooks and refuses tampered, unsigned or foreign ones', async () => {
    const { order } = await fundedMilestone();
    local.pay(order.id);
    await local.webhooksIdle();
    const captured = webhooks.find((item) => item.raw.toString().includes('"payment.captured"'));
    expect(captured).toBeDefined();
    const { raw, signature, eventId } = captured as ReceivedWebhook;

    const event = gateway.verifyWebhook(raw, signature, eventId);
    expect(event).toMatchObject({ id: eventId, type: 'payment.captured' });
    expect(event?.createdAt).toBeInstanceOf(Date);
    expect(event?.payload).toHaveProperty('payment.entity.order_id', order.id);

    const tampered = Buffer.from(raw.toString().replace('"captured"', '"refunded"'));
    expect(gateway.verifyWebhook(tampered, signature, eventId)).toBeNull();
    expect(gateway.verifyWebhook(raw, undefined, eventId)).toBeNull();
    expect(gateway.verifyWebhook(raw, 'not-hex', eventId)).toBeNull();
    expect(gateway.verifyWebhook(raw, signature, undefined)).toBeNull();
    expect(
      adapterFor({ webhookSecret: 'another-webhook-secret' }).verifyWebhook(
        raw,
        signature,
        eventId,
      ),
    ).toBeNull();
    expect(adapterFor({ webhookSecret: '' }).verifyWebhook(raw, signature, eventId)).toBeNull();
  });

  it('a failed checkout posts the error back and leaves the order unpaid', async () => {
    const { order } = await fundedMilestone();
    const { field } = await payThroughCheckout(order.id, 250_000, 'fail');
    expect(field('error[code]')).toBe('BAD_REQUEST_ERROR');
    expect(field('razorpay_payment_id')).toBeUndefined();
    expect(await gateway.fetchOrder(order.id)).toMatchObject({ status: 'attempted' });
    const [payment] = await gateway.fetchOrderPayments(order.id);
    expect(payment?.status).toBe('failed');
  });

  it('creates a linked account once across retries, and reads its status', async () => {
    const input = creator();
    local.setFaults({ loseNextAnswers: 1 });
    await expect(gateway.createLinkedAccount(input)).rejects.toThrow();
    const account = await gateway.createLinkedAccount(input);
    expect(local.state().accounts).toHaveLength(1);
    expect(await gateway.fetchLinkedAccount(account.id)).toEqual({
      id: account.id,
      status: 'activated',
    });
    local.setAccountStatus(account.id, 'suspended');
    expect((await gateway.fetchLinkedAccount(account.id)).status).toBe('suspended');
  });

  it('creates a linked account settling to a UPI ID in one composite call, once across retries', async () => {
    const input: LinkedAccountInput = {
      ...creator(),
      settlement: { method: 'upi', vpa: 'asha.rao@okhdfc', beneficiaryName: 'Asha Rao' },
    };
    local.setFaults({ loseNextAnswers: 1 });
    await expect(gateway.createLinkedAccount(input)).rejects.toThrow();
    const account = await gateway.createLinkedAccount(input);
    expect(account.status).toBe('activated');
    const created = local.state().accounts.filter((item) => item.email === input.email);
    expect(created).toHaveLength(1);
    expect(created[0]?.settlement_accounts).toEqual([
      {
        method: 'upi',
        upi: {
          vpa: 'asha.rao@okhdfc',
          beneficiary_name: 'Asha Rao',
          currency: 'INR',
          is_default: true,
        },
      },
    ]);
    // One request, no stakeholder or product steps, with the key Razorpay documents for it.
    const writes = local.state().writes.filter((write) => write.path.startsWith('/v2/accounts'));
    expect(writes.at(-1)).toMatchObject({ method: 'POST', path: '/v2/accounts' });
    expect(writes.at(-1)?.idempotencyKey).toEqual(expect.any(String));
  });
});
