import type { Provider } from '@nestjs/common';
import {
  type CheckoutForm,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayTransfer,
  type GatewayWebhookEvent,
  type LinkedAccount,
  PaymentGateway,
} from '../../payments/payments.contract.js';

const UNAVAILABLE = 'No payment gateway is configured';

/**
 * Stands in until the gateway adapter is wired here: every call fails as if the gateway were
 * down, so a saved profile stays pending and the worker retries its linked account.
 */
export class UnavailablePaymentGateway extends PaymentGateway {
  private reject<T>(): Promise<T> {
    return Promise.reject(new Error(UNAVAILABLE));
  }
  createOrder(): Promise<GatewayOrder> {
    return this.reject();
  }
  fetchOrder(): Promise<GatewayOrder> {
    return this.reject();
  }
  fetchOrderPayments(): Promise<GatewayPayment[]> {
    return this.reject();
  }
  fetchPayment(): Promise<GatewayPayment> {
    return this.reject();
  }
  fetchPaymentTransfers(): Promise<GatewayTransfer[]> {
    return this.reject();
  }
  fetchTransfer(): Promise<GatewayTransfer> {
    return this.reject();
  }
  releaseTransfer(): Promise<GatewayTransfer> {
    return this.reject();
  }
  reverseTransfer(): Promise<GatewayTransfer> {
    return this.reject();
  }
  refundPayment(): Promise<GatewayRefund> {
    return this.reject();
  }
  createLinkedAccount(): Promise<LinkedAccount> {
    return this.reject();
  }
  fetchLinkedAccount(): Promise<LinkedAccount> {
    return this.reject();
  }
  checkoutForm(): CheckoutForm {
    throw new Error(UNAVAILABLE);
  }
  verifyCheckout(): boolean {
    return false;
  }
  verifyWebhook(): GatewayWebhookEvent | null {
    return null;
  }
}

/** The PaymentGateway the payout profiles use (the gateway's own providers once merged). */
export const PayoutGatewayProviders: Provider[] = [
  { provide: PaymentGateway, useClass: UnavailablePaymentGateway },
];
