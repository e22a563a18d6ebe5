/**
 * A local payment gateway for development and tests (issue #26). It speaks the subset of
 * Razorpay's REST API that the backend's Razorpay adapter uses — Orders with Route `transfers`,
 * Payments, Transfers on hold and their release, reversals, refunds, Route linked accounts — with
 * the same paths, JSON shapes, Basic auth, error bodies and amounts in paise, so that the
 * production adapter is the code every test and `npm start` runs. It adds what only a stand-in
 * can: a hosted checkout page with "Pay" and "Fail" buttons, webhooks signed as Razorpay signs
 * them, a settlement control (Route settles on the next working day), fault controls and a JSON
 * view of its whole state for reconciliation tests (`/__control/…`).
 *
 * Node's own modules only, erasable TypeScript: Node runs it as it is, and Jest, Playwright and
 * the type checks load it from its source. State lives in memory (store.ts); each concern has its
 * module (README.md, "Layout"); this file starts the HTTP server and hands out the gateway.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '@paylock/dev-http';
import { handleApi, MAX_BODY_BYTES } from './api.ts';
import { answer, sendHtml } from './answers.ts';
import { handleCheckout } from './checkout.ts';
import { handleControl, resetGateway, setAccountStatus, setWebhookUrl } from './control.ts';
import { ApiError, errorBody } from './errors.ts';
import { setFaults } from './faults.ts';
import { pay } from './orders.ts';
import { apiRoutes, type Route } from './routes.ts';
import { gatewayState, overviewPage } from './state.ts';
import type { Gateway } from './gateway.ts';
import { GatewayStore } from './store.ts';
import { settle } from './transfers.ts';
import type { LocalPaymentGateway, PaymentGatewayOptions } from './types.ts';
import { newId } from './values.ts';
import { WebhookOutbox } from './webhooks.ts';

export { IDEMPOTENCY_HEADER } from './api.ts';
export type {
  AccountStatus,
  ApiWrite,
  CheckoutFailure,
  CheckoutSuccess,
  EmittedWebhook,
  GatewayFaults,
  GatewayState,
  LocalPaymentGateway,
  PaymentGatewayOptions,
  RazorpayAccount,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayProduct,
  RazorpayRefund,
  RazorpayReversal,
  RazorpaySettlement,
  RazorpaySettlementAccount,
  RazorpayStakeholder,
  RazorpayTransfer,
  WebhookDelivery,
} from './types.ts';

export async function startPaymentGateway(
  options: PaymentGatewayOptions = {},
): Promise<LocalPaymentGateway> {
  const gateway = newGateway(options);
  const routes = apiRoutes(gateway);
  const server = createServer((request, response) => {
    handle(gateway, routes, request, response).catch(() => {
      if (!response.headersSent) {
        answer(response, 500, errorBody(new ApiError(500, 'SERVER_ERROR', 'Internal error')));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${String(port)}`;
  const { keyId, keySecret, webhookSecret, merchantAccountId } = gateway.settings;

  return {
    url,
    pageUrl: `http://localhost:${String(port)}/`,
    keyId,
    keySecret,
    webhookSecret,
    merchantAccountId,
    backendEnv: {
      RAZORPAY_API_URL: url,
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
    },
    setWebhookUrl: (next) => {
      setWebhookUrl(gateway, next);
    },
    pay: ((orderId: string, outcome: 'success' | 'failure' = 'success') =>
      pay(gateway, orderId, outcome)) as LocalPaymentGateway['pay'],
    settle: () => settle(gateway),
    setAccountStatus: (accountId, status) => ({
      ...setAccountStatus(gateway, accountId, status),
    }),
    setFaults: (faults) => setFaults(gateway.store, faults),
    flushWebhooks: () => {
      gateway.webhooks.flush();
    },
    webhooksIdle: (timeoutMs = 10_000) => gateway.webhooks.whenIdle(timeoutMs),
    signWebhook: (body) => gateway.webhooks.signature(body),
    state: () => gatewayState(gateway),
    reset: () => {
      resetGateway(gateway);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        gateway.webhooks.stop();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function newGateway(options: PaymentGatewayOptions): Gateway {
  const settings = {
    keyId: options.keyId ?? `rzp_test_${randomBytes(7).toString('hex')}`,
    keySecret: options.keySecret ?? randomBytes(18).toString('base64url'),
    webhookSecret: options.webhookSecret ?? randomBytes(18).toString('base64url'),
    merchantAccountId: newId('acc'),
    activatedStatus: options.accountActivation === 'manual' ? 'under_review' : 'activated',
  } as const;
  const store = new GatewayStore(options.webhookUrl);
  const webhooks = new WebhookOutbox(store, {
    webhookSecret: settings.webhookSecret,
    merchantAccountId: settings.merchantAccountId,
    retryDelayMs: options.webhookRetryDelayMs ?? 500,
    maxAttempts: options.webhookMaxAttempts ?? 8,
  });
  return { settings, store, webhooks };
}

async function handle(
  gateway: Gateway,
  routes: readonly Route[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const checkout = url.pathname.startsWith('/v1/checkout/embedded') && request.method === 'POST';
  if (checkout || url.pathname.startsWith('/__control/')) {
    const text = (await readBody(request, MAX_BODY_BYTES)) ?? '';
    if (checkout) handleCheckout(gateway, new URLSearchParams(text), response, url);
    else handleControl(gateway, request, text, response, url);
  } else if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v2/')) {
    await handleApi(gateway, routes, request, response, url);
  } else if (request.method === 'GET' && url.pathname === '/') {
    sendHtml(response, 200, overviewPage(gatewayState(gateway)));
  } else {
    answer(response, 404, errorBody(new ApiError(404, 'BAD_REQUEST_ERROR', 'Not found')));
  }
}
