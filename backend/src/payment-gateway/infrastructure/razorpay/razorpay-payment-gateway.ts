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
  type LinkedAccountInput,
  PaymentGateway,
} from '../../application/ports/payment-gateway.port.js';
import { type RazorpayClientSettings, RazorpayHttpClient } from './razorpay-http-client.js';
import {
  accountBodyOf,
  accountStatusOf,
  existingAccountIn,
  isRecord,
  notesOf,
  orderOf,
  pathId,
  paymentOf,
  RAZORPAY_ID,
  refundOf,
  transferOf,
} from './razorpay-mappers.js';
import { isRazorpaySignature } from './razorpay-signatures.js';
import type {
  RazorpayAccountEntity,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayProductEntity,
  RazorpayRefundEntity,
  RazorpayReversalEntity,
  RazorpayTransferEntity,
  RazorpayWebhookEnvelope,
} from './razorpay.types.js';

export interface RazorpaySettings extends RazorpayClientSettings {
  readonly webhookSecret: string;
  /** The business name the checkout shows. */
  readonly merchantName: string;
}

/** The note that carries a reversal's idempotency key, so a retry finds the first reversal. */
export const REVERSAL_KEY_NOTE = 'paylock_idempotency_key';

const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Razorpay (Orders, Payments, Route transfers on hold, refunds, linked accounts) behind the
 * PaymentGateway port, over its documented REST API through {@link RazorpayHttpClient}: the same
 * code talks to Razorpay in production and to the local payment gateway (packages/payment-gateway)
 * in development and tests. Writes Razorpay does not deduplicate by key are made safe here:
 * an order is looked up by its receipt, a reversal by the key kept in its notes.
 */
export class RazorpayPaymentGateway extends PaymentGateway {
  private readonly client: RazorpayHttpClient;

  constructor(private readonly settings: RazorpaySettings) {
    super();
    this.client = new RazorpayHttpClient(settings);
  }

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    // A retry after a lost answer finds the first order by its receipt (unique per attempt).
    const existing = await this.client.list<RazorpayOrderEntity>('/v1/orders', {
      receipt: input.receipt,
    });
    const first = existing.find((order) => order.receipt === input.receipt);
    if (first) return orderOf(first);
    const order = await this.client.write<RazorpayOrderEntity>(
      'POST',
      '/v1/orders',
      {
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
        partial_payment: false,
        notes: input.notes,
        transfers: input.transfers.map((transfer) => ({
          account: transfer.linkedAccountId,
          amount: transfer.amountPaise,
          currency: 'INR',
          on_hold: transfer.onHold ? 1 : 0,
          notes: transfer.notes,
        })),
      },
      'order',
      input.idempotencyKey,
    );
    return orderOf(order);
  }

  async fetchOrder(orderId: string): Promise<GatewayOrder> {
    return orderOf(await this.client.get(`/v1/orders/${pathId(orderId)}`));
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    const path = `/v1/orders/${pathId(orderId)}/payments`;
    return (await this.client.list<RazorpayPaymentEntity>(path)).map(paymentOf);
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return paymentOf(await this.client.get(`/v1/payments/${pathId(paymentId)}`));
  }

  async fetchPaymentTransfers(paymentId: string): Promise<GatewayTransfer[]> {
    const path = `/v1/payments/${pathId(paymentId)}/transfers`;
    return (await this.client.list<RazorpayTransferEntity>(path)).map(transferOf);
  }

  async fetchTransfer(transferId: string): Promise<GatewayTransfer> {
    return transferOf(await this.client.get(`/v1/transfers/${pathId(transferId)}`));
  }

  async releaseTransfer(transferId: string, idempotencyKey: string): Promise<GatewayTransfer> {
    // Setting on_hold to 0 twice is the same as once.
    const transfer = await this.client.write<RazorpayTransferEntity>(
      'PATCH',
      `/v1/transfers/${pathId(transferId)}`,
      { on_hold: 0 },
      'transfer',
      idempotencyKey,
    );
    return transferOf(transfer);
  }

  async reverseTransfer(
    transferId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<GatewayTransfer> {
    const id = pathId(transferId);
    const reversals = await this.client.list<RazorpayReversalEntity>(
      `/v1/transfers/${id}/reversals`,
    );
    const done = reversals.some(
      (reversal) => notesOf(reversal.notes)[REVERSAL_KEY_NOTE] === idempotencyKey,
    );
    if (!done) {
      await this.client.write<RazorpayReversalEntity>(
        'POST',
        `/v1/transfers/${id}/reversals`,
        { amount: amountPaise, notes: { [REVERSAL_KEY_NOTE]: idempotencyKey } },
        'transfer',
        idempotencyKey,
      );
    }
    return this.fetchTransfer(id);
  }

  async refundPayment(
    paymentId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<GatewayRefund> {
    const refund = await this.client.write<RazorpayRefundEntity>(
      'POST',
      `/v1/payments/${pathId(paymentId)}/refund`,
      { amount: amountPaise, speed: 'normal', notes: { paylock_idempotency_key: idempotencyKey } },
      'refund',
      idempotencyKey,
    );
    return refundOf(refund);
  }

  /**
   * A Route linked account in Razorpay's four steps — the account, its stakeholder, the Route
   * product, the product's settlement bank account — each with its own key derived from the
   * caller's, so a retry after a crash between steps resumes without duplicates.
   */
  async createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccount> {
    const settlement = input.settlement;
    if (settlement.method === 'upi') return this.createUpiLinkedAccount(input, settlement.vpa);
    const key = input.idempotencyKey;
    let account: RazorpayAccountEntity;
    try {
      account = await this.client.write<RazorpayAccountEntity>(
        'POST',
        '/v2/accounts',
        accountBodyOf(input),
        'account',
        `${key}:account`,
      );
    } catch (error) {
      // Razorpay keeps one account per e-mail: a retry of a lost answer names the first one.
      const existing = existingAccountIn(error);
      if (!existing) throw error;
      account = { id: existing, status: 'created' };
    }
    const id = pathId(account.id);
    await this.client.write<unknown>(
      'POST',
      `/v2/accounts/${id}/stakeholders`,
      { name: input.legalName, email: input.email, kyc: { pan: input.pan } },
      'account',
      `${key}:stakeholder`,
    );
    const product = await this.client.write<RazorpayProductEntity>(
      'POST',
      `/v2/accounts/${id}/products`,
      { product_name: 'route', tnc_accepted: true },
      'account',
      `${key}:product`,
    );
    const configured = await this.client.write<RazorpayProductEntity>(
      'PATCH',
      `/v2/accounts/${id}/products/${pathId(product.id)}`,
      {
        settlements: {
          account_number: settlement.accountNumber,
          ifsc_code: settlement.ifsc,
          beneficiary_name: settlement.beneficiaryName,
        },
        tnc_accepted: true,
      },
      'account',
      `${key}:settlements`,
    );
    return { id, status: accountStatusOf(configured.activation_status) };
  }

  /**
   * A Route linked account settling to a UPI VPA: Razorpay's composite call (the account, its
   * Route product and its settlement account in one atomic request, `settlement_accounts` with
   * `method: "upi"`), one idempotency key.
   */
  private async createUpiLinkedAccount(
    input: LinkedAccountInput,
    vpa: string,
  ): Promise<LinkedAccount> {
    let account: RazorpayAccountEntity;
    try {
      account = await this.client.write<RazorpayAccountEntity>(
        'POST',
        '/v2/accounts',
        {
          ...accountBodyOf(input),
          tnc_accepted: true,
          settlement_accounts: [
            {
              method: 'upi',
              upi: {
                vpa,
                beneficiary_name: input.settlement.beneficiaryName,
                currency: 'INR',
                is_default: true,
              },
            },
          ],
        },
        'compositeAccount',
        `${input.idempotencyKey}:composite`,
      );
    } catch (error) {
      // The composite call is atomic: an account the gateway already has is complete; read it.
      const existing = existingAccountIn(error);
      if (!existing) throw error;
      return this.fetchLinkedAccount(existing);
    }
    return { id: account.id, status: accountStatusOf(account.status) };
  }

  async fetchLinkedAccount(accountId: string): Promise<LinkedAccount> {
    const account = await this.client.get<RazorpayAccountEntity>(
      `/v2/accounts/${pathId(accountId)}`,
    );
    return { id: account.id, status: accountStatusOf(account.status) };
  }

  /** Razorpay's hosted checkout: a form POSTed to {api}/v1/checkout/embedded. */
  checkoutForm(request: CheckoutRequest): CheckoutForm {
    return {
      action: `${this.settings.apiUrl}/v1/checkout/embedded`,
      method: 'POST',
      fields: {
        key_id: this.settings.keyId,
        order_id: request.orderId,
        amount: String(request.amountPaise),
        currency: 'INR',
        name: this.settings.merchantName,
        description: request.description,
        'prefill[name]': request.prefill.name,
        'prefill[email]': request.prefill.email,
        'prefill[contact]': request.prefill.contact,
        callback_url: request.callbackUrl,
        cancel_url: request.cancelUrl,
      },
    };
  }

  verifyCheckout(result: CheckoutResult): boolean {
    if (!RAZORPAY_ID.test(result.orderId) || !RAZORPAY_ID.test(result.paymentId)) return false;
    return isRazorpaySignature(
      this.settings.keySecret,
      `${result.orderId}|${result.paymentId}`,
      result.signature,
    );
  }

  verifyWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): GatewayWebhookEvent | null {
    if (eventId === undefined || !EVENT_ID.test(eventId)) return null;
    if (!isRazorpaySignature(this.settings.webhookSecret, rawBody, signature)) return null;
    let envelope: unknown;
    try {
      envelope = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(envelope)) return null;
    const {
      entity,
      event,
      payload,
      created_at: createdAt,
    } = envelope as Partial<RazorpayWebhookEnvelope>;
    if (entity !== 'event' || typeof event !== 'string' || event.length > 100) return null;
    if (!isRecord(payload) || typeof createdAt !== 'number' || !Number.isFinite(createdAt)) {
      return null;
    }
    return { id: eventId, type: event, createdAt: new Date(createdAt * 1000), payload };
  }
}
