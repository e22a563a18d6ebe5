import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutForm,
  type CheckoutRequest,
  type CheckoutResult,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayTransfer,
  type GatewayWebhookEvent,
  type LinkedAccount,
  PaymentGateway,
} from '../../src/payment-gateway/payment-gateway.contract.js';
import {
  PayoutAccountEvents,
  PayoutAccounts,
  type PayoutDestination,
} from '../../src/payouts/payouts.contract.js';

const WEBHOOK_SECRET = 'fake-webhook-secret';
const KEY_SECRET = 'fake-key-secret';

const hmac = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** A signed webhook as the gateway would send it. */
export interface SignedWebhook {
  readonly id: string;
  readonly body: Buffer;
  readonly signature: string;
}

/**
 * An in-memory payment gateway with Razorpay Route's semantics (orders, captured payments with
 * transfers on hold, releases, reversals, refunds, settlements), idempotency keys, signed
 * webhooks, and fault control (`down`): what the unit, property and integration tests run on
 * until the local gateway package is merged.
 */
export class FakePaymentGateway extends PaymentGateway {
  readonly orders = new Map<string, GatewayOrder & { transfers: CreateOrderInput['transfers'] }>();
  readonly payments = new Map<string, GatewayPayment>();
  readonly transfers = new Map<string, GatewayTransfer>();
  /** Every write's answer by idempotency key (a retry gets the first answer). */
  private readonly answers = new Map<string, unknown>();
  /** How many times each transfer's hold was actually lifted (must stay ≤ 1). */
  readonly holdsLifted = new Map<string, number>();
  /** Every gateway write call, by idempotency key. */
  readonly writeCalls = new Map<string, number>();
  down = false;

  private guard(): void {
    if (this.down) throw new Error('gateway unavailable (fault injected)');
  }

  private once<T>(key: string, work: () => T): T {
    this.writeCalls.set(key, (this.writeCalls.get(key) ?? 0) + 1);
    if (this.answers.has(key)) return this.answers.get(key) as T;
    const answer = work();
    this.answers.set(key, answer);
    return answer;
  }

  createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    return Promise.resolve().then(() => {
      this.guard();
      return this.once(`order:${input.idempotencyKey}`, () => {
        const order = {
          id: `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
          amountPaise: input.amountPaise,
          amountPaidPaise: 0,
          receipt: input.receipt,
          status: 'created' as const,
          notes: { ...input.notes },
          transfers: input.transfers,
        };
        this.orders.set(order.id, order);
        return order;
      });
    });
  }

  /** The brand pays the order (through the checkout): captured, and Route's transfers created on hold. */
  pay(orderId: string, amountPaise?: number): GatewayPayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment: GatewayPayment = {
      id: `pay_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
      orderId,
      amountPaise: amountPaise ?? order.amountPaise,
      amountRefundedPaise: 0,
      status: 'captured',
    };
    this.payments.set(payment.id, payment);
    if (payment.amountPaise === order.amountPaise) {
      this.orders.set(orderId, { ...order, status: 'paid', amountPaidPaise: payment.amountPaise });
      for (const instruction of order.transfers) {
        const transfer: GatewayTransfer = {
          id: `trf_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
          sourceId: payment.id,
          linkedAccountId: instruction.linkedAccountId,
          amountPaise: instruction.amountPaise,
          amountReversedPaise: 0,
          onHold: instruction.onHold,
          status: 'processed',
          settlementStatus: instruction.onHold ? 'on_hold' : 'pending',
          notes: { ...instruction.notes },
        };
        this.transfers.set(transfer.id, transfer);
      }
    } else {
      this.orders.set(orderId, { ...order, status: 'attempted' });
    }
    return payment;
  }

  /** The settlement cycle: every released transfer settles to the creator's bank. */
  settleReleased(): number {
    let settled = 0;
    for (const [id, transfer] of this.transfers) {
      if (
        !transfer.onHold &&
        transfer.settlementStatus !== 'settled' &&
        transfer.amountReversedPaise === 0
      ) {
        this.transfers.set(id, { ...transfer, settlementStatus: 'settled' });
        settled += 1;
      }
    }
    return settled;
  }

  fetchOrder(orderId: string): Promise<GatewayOrder> {
    return Promise.resolve().then(() => {
      this.guard();
      const order = this.orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      return {
        id: order.id,
        amountPaise: order.amountPaise,
        amountPaidPaise: order.amountPaidPaise,
        receipt: order.receipt,
        status: order.status,
        notes: order.notes,
      };
    });
  }

  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    return Promise.resolve().then(() => {
      this.guard();
      return [...this.payments.values()].filter((payment) => payment.orderId === orderId);
    });
  }

  fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return Promise.resolve().then(() => {
      this.guard();
      const payment = this.payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      return payment;
    });
  }

  fetchPaymentTransfers(paymentId: string): Promise<GatewayTransfer[]> {
    return Promise.resolve().then(() => {
      this.guard();
      return [...this.transfers.values()].filter(({ sourceId }) => sourceId === paymentId);
    });
  }

  fetchTransfer(transferId: string): Promise<GatewayTransfer> {
    return Promise.resolve().then(() => {
      this.guard();
      const transfer = this.transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      return transfer;
    });
  }

  releaseTransfer(transferId: string, idempotencyKey: string): Promise<GatewayTransfer> {
    return Promise.resolve().then(() => {
      this.guard();
      return this.once(`release:${idempotencyKey}`, () => {
        const transfer = this.transfers.get(transferId);
        if (!transfer) throw new Error(`no transfer ${transferId}`);
        if (transfer.onHold)
          this.holdsLifted.set(transferId, (this.holdsLifted.get(transferId) ?? 0) + 1);
        const released: GatewayTransfer = {
          ...transfer,
          onHold: false,
          settlementStatus: 'pending',
        };
        this.transfers.set(transferId, released);
        return released;
      });
    });
  }

  reverseTransfer(
    transferId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<GatewayTransfer> {
    return Promise.resolve().then(() => {
      this.guard();
      return this.once(`reverse:${idempotencyKey}`, () => {
        const transfer = this.transfers.get(transferId);
        if (!transfer) throw new Error(`no transfer ${transferId}`);
        const reversed: GatewayTransfer = {
          ...transfer,
          amountReversedPaise: transfer.amountReversedPaise + amountPaise,
          status:
            transfer.amountReversedPaise + amountPaise >= transfer.amountPaise
              ? 'reversed'
              : 'partially_reversed',
        };
        this.transfers.set(transferId, reversed);
        return reversed;
      });
    });
  }

  refundPayment(
    paymentId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<GatewayRefund> {
    return Promise.resolve().then(() => {
      this.guard();
      return this.once(`refund:${idempotencyKey}`, () => {
        const payment = this.payments.get(paymentId);
        if (!payment) throw new Error(`no payment ${paymentId}`);
        const refunded = payment.amountRefundedPaise + amountPaise;
        this.payments.set(paymentId, {
          ...payment,
          amountRefundedPaise: refunded,
          status: refunded >= payment.amountPaise ? 'refunded' : payment.status,
        });
        return {
          id: `rfnd_${randomUUID().slice(0, 8)}`,
          paymentId,
          amountPaise,
          status: 'processed' as const,
        };
      });
    });
  }

  createLinkedAccount(): Promise<LinkedAccount> {
    return Promise.resolve({ id: `acc_${randomUUID().slice(0, 8)}`, status: 'activated' });
  }

  fetchLinkedAccount(accountId: string): Promise<LinkedAccount> {
    return Promise.resolve({ id: accountId, status: 'activated' });
  }

  checkoutForm(request: CheckoutRequest): CheckoutForm {
    return {
      action: 'https://checkout.example.test/pay',
      method: 'POST',
      fields: {
        order_id: request.orderId,
        amount: String(request.amountPaise),
        callback_url: request.callbackUrl,
        cancel_url: request.cancelUrl,
      },
    };
  }

  /** The checkout's signature over `order|payment`, as the gateway signs it. */
  signCheckout(orderId: string, paymentId: string): string {
    return hmac(KEY_SECRET, `${orderId}|${paymentId}`);
  }

  verifyCheckout(result: CheckoutResult): boolean {
    const expected = Buffer.from(this.signCheckout(result.orderId, result.paymentId));
    const given = Buffer.from(result.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  verifyWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): GatewayWebhookEvent | null {
    if (signature === undefined || eventId === undefined || eventId === '') return null;
    const expected = Buffer.from(hmac(WEBHOOK_SECRET, rawBody));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const parsed = JSON.parse(rawBody.toString('utf8')) as {
        event?: unknown;
        created_at?: unknown;
        payload?: unknown;
      };
      if (
        typeof parsed.event !== 'string' ||
        typeof parsed.payload !== 'object' ||
        parsed.payload === null
      ) {
        return null;
      }
      return {
        id: eventId,
        type: parsed.event,
        createdAt: new Date(typeof parsed.created_at === 'number' ? parsed.created_at * 1000 : 0),
        payload: parsed.payload as Record<string, unknown>,
      };
    } catch {
      return null;
    }
  }

  /** A signed webhook about an order's payment (`payment.captured`) or a transfer. */
  webhook(
    type: string,
    entities: Record<string, Record<string, unknown>>,
    id = `evt_${randomUUID()}`,
  ): SignedWebhook {
    const payload = Object.fromEntries(
      Object.entries(entities).map(([name, entity]) => [name, { entity }]),
    );
    const body = Buffer.from(
      JSON.stringify({ entity: 'event', event: type, payload, created_at: 1_764_000_000 }),
    );
    return { id, body, signature: hmac(WEBHOOK_SECRET, body) };
  }

  /** The webhooks the gateway would send after `pay`: the payment captured and the order paid. */
  paymentWebhooks(payment: GatewayPayment): SignedWebhook[] {
    const transfer = [...this.transfers.values()].find(({ sourceId }) => sourceId === payment.id);
    return [
      this.webhook('payment.captured', {
        payment: { id: payment.id, order_id: payment.orderId, amount: payment.amountPaise },
      }),
      this.webhook('order.paid', {
        order: { id: payment.orderId },
        payment: { id: payment.id, order_id: payment.orderId },
      }),
      ...(transfer
        ? [
            this.webhook('transfer.processed', {
              transfer: { id: transfer.id, source: payment.id },
            }),
          ]
        : []),
    ];
  }

  /** Webhooks for every settled transfer (`settlement.processed` names its transfers here). */
  settlementWebhooks(): SignedWebhook[] {
    return [...this.transfers.values()]
      .filter(({ settlementStatus }) => settlementStatus === 'settled')
      .map((transfer) =>
        this.webhook('transfer.settled', {
          transfer: { id: transfer.id, source: transfer.sourceId },
        }),
      );
  }
}

/** Payout accounts where every creator (or only those listed) has a verified linked account. */
export class FakePayoutAccounts extends PayoutAccounts {
  readonly unverified = new Set<string>();

  verifiedDestination(creatorId: string): Promise<PayoutDestination | null> {
    return Promise.resolve(
      this.unverified.has(creatorId)
        ? null
        : {
            linkedAccountId: `acc_${creatorId.replaceAll('-', '').slice(0, 10)}`,
            maskedDestination: 'HDFC0001234 ••••6789',
          },
    );
  }
}

/** Records the linked-account changes the webhooks report (the payout profiles' side). */
export class RecordingPayoutAccountEvents extends PayoutAccountEvents {
  readonly changed: string[] = [];

  linkedAccountChanged(accountId: string): Promise<void> {
    this.changed.push(accountId);
    return Promise.resolve();
  }
}
