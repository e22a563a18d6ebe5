/**
 * The stand-in's own controls (`/__control/…`, also the page's buttons): state, faults, webhook
 * URL and flush, settlement, reset, paying an order and moving a linked account's status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord } from '@paylock/dev-http';
import { activate } from './accounts.ts';
import { answer, collection } from './answers.ts';
import { httpUrlOrNull } from './checkout.ts';
import { ApiError, badRequest, errorBody } from './errors.ts';
import { setFaults } from './faults.ts';
import { pay } from './orders.ts';
import { gatewayState } from './state.ts';
import type { Gateway } from './gateway.ts';
import { settle } from './transfers.ts';
import type { AccountStatus, RazorpayAccount } from './types.ts';

const ACCOUNT_STATUSES: readonly AccountStatus[] = [
  'created',
  'under_review',
  'needs_clarification',
  'activated',
  'suspended',
];

/** Forgets every object, idempotency key, webhook and fault. */
export function resetGateway({ store, webhooks }: Gateway): void {
  store.clear();
  webhooks.reset();
}

/** Where webhooks go from now on; the ones kept for want of a URL are then delivered. */
export function setWebhookUrl({ store, webhooks }: Gateway, url: string | undefined): void {
  store.webhookUrl = url;
  if (url) webhooks.flush();
}

export function setAccountStatus(
  gateway: Gateway,
  accountId: string,
  status: AccountStatus,
): RazorpayAccount {
  const record = gateway.store.account(accountId);
  activate(gateway, record, status);
  return record.account;
}

/** A request to `/__control/…`: `text` is its body (JSON, or a form from the page's buttons). */
export function handleControl(
  gateway: Gateway,
  request: IncomingMessage,
  text: string,
  response: ServerResponse,
  url: URL,
): void {
  const fromPage = (request.headers['content-type'] ?? '').startsWith(
    'application/x-www-form-urlencoded',
  );
  let body: Record<string, unknown> = {};
  if (!fromPage && text.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed)) body = parsed;
    } catch {
      answer(response, 400, errorBody(badRequest('The request body is not valid JSON')));
      return;
    }
  }
  try {
    const done = control(gateway, request.method ?? 'GET', url.pathname, body);
    if (!done) {
      answer(response, 404, errorBody(new ApiError(404, 'BAD_REQUEST_ERROR', 'Not found')));
    } else if (fromPage) {
      response.writeHead(303, { location: '/' }).end();
    } else {
      answer(response, 200, done.value);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    answer(response, error.status, errorBody(error));
  }
}

/** Carries out one control; undefined when there is none at that method and path. */
function control(
  gateway: Gateway,
  method: string,
  path: string,
  body: Record<string, unknown>,
): { value: unknown } | undefined {
  if (method === 'GET' && path === '/__control/state') return { value: gatewayState(gateway) };
  if (method !== 'POST') return undefined;
  if (path === '/__control/faults') return { value: setFaults(gateway.store, body) };
  if (path === '/__control/webhooks/flush') {
    gateway.webhooks.flush();
    return { value: { flushed: true } };
  }
  if (path === '/__control/webhook-url') {
    const next = typeof body.url === 'string' ? httpUrlOrNull(body.url) : null;
    setWebhookUrl(gateway, next ?? undefined);
    return { value: { url: gateway.store.webhookUrl ?? null } };
  }
  if (path === '/__control/settle') return { value: collection(settle(gateway)) };
  if (path === '/__control/reset') {
    resetGateway(gateway);
    return { value: { reset: true } };
  }
  const paid = /^\/__control\/orders\/([A-Za-z0-9_]+)\/pay$/.exec(path);
  if (paid?.[1]) {
    return { value: pay(gateway, paid[1], body.outcome === 'failure' ? 'failure' : 'success') };
  }
  const status = /^\/__control\/accounts\/([A-Za-z0-9_]+)\/status$/.exec(path);
  if (status?.[1]) {
    const wanted = body.status;
    if (typeof wanted !== 'string' || !ACCOUNT_STATUSES.includes(wanted as AccountStatus)) {
      throw badRequest('status is not valid', 'status');
    }
    return { value: setAccountStatus(gateway, status[1], wanted as AccountStatus) };
  }
  return undefined;
}
