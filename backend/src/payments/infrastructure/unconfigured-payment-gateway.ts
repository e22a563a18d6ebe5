import {
  type CheckoutForm,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayTransfer,
  type GatewayWebhookEvent,
  type LinkedAccount,
  PaymentGateway,
} from '../application/ports/payment-gateway.port.js';

/**
 * Stands in until a gateway adapter is wired: every call fails as if the gateway were down (the
 * intents wait and are retried), and no webhook is ever accepted.
 */
export class UnconfiguredPaymentGateway extends PaymentGateway {
  private fail(): never {
    throw new Error('No payment gateway is configured');
  }
  createOrder(): Promise<GatewayOrder> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  fetchOrder(): Promise<GatewayOrder> {
    return this.createOrder();
  }
  fetchOrderPayments(): Promise<GatewayPayment[]> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  fetchPayment(): Promise<GatewayPayment> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  fetchPaymentTransfers(): Promise<GatewayTransfer[]> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  fetchTransfer(): Promise<GatewayTransfer> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  releaseTransfer(): Promise<GatewayTransfer> {
    return this.fetchTransfer();
  }
  reverseTransfer(): Promise<GatewayTransfer> {
    return this.fetchTransfer();
  }
  refundPayment(): Promise<GatewayRefund> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  createLinkedAccount(): Promise<LinkedAccount> {
    return Promise.reject(new Error('No payment gateway is configured'));
  }
  fetchLinkedAccount(): Promise<LinkedAccount> {
    return this.createLinkedAccount();
  }
  checkoutForm(): CheckoutForm {
    this.fail();
  }
  verifyCheckout(): boolean {
    return false;
  }
  verifyWebhook(): GatewayWebhookEvent | null {
    return null;
  }
}
