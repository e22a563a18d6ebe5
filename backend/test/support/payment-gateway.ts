import type { AddressInfo } from 'node:net';
import {
  type LocalPaymentGateway,
  type PaymentGatewayOptions,
  startPaymentGateway,
} from '@paylock/payment-gateway';
import type { TestApp } from './create-test-app.js';

export type { LocalPaymentGateway } from '@paylock/payment-gateway';

/** Where the backend receives Razorpay's webhooks (docs/operations.md, Payments). */
export const WEBHOOK_PATH = '/api/v1/payments/webhooks/razorpay';

/**
 * A local payment gateway (packages/payment-gateway, Razorpay's API) on a free loopback port.
 * Give the app its `backendEnv`: `createTestApp({ env: { ...gateway.backendEnv } })`.
 */
export function startTestPaymentGateway(
  options: PaymentGatewayOptions = {},
): Promise<LocalPaymentGateway> {
  return startPaymentGateway({ webhookRetryDelayMs: 100, ...options });
}

/**
 * Makes the in-process app listen on a free loopback port (supertest needs none, webhooks do)
 * and sends the gateway's webhooks there; returns the app's base URL.
 */
export async function deliverWebhooksTo(
  gateway: LocalPaymentGateway,
  testApp: TestApp,
): Promise<string> {
  await testApp.app.listen(0, '127.0.0.1');
  const { port } = testApp.app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  gateway.setWebhookUrl(`${baseUrl}${WEBHOOK_PATH}`);
  return baseUrl;
}
