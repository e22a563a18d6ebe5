import { createHash } from 'node:crypto';
import { PaymentGatewayError } from '../../application/ports/payment-gateway.port.js';
import type { RazorpayCollection } from './razorpay.types.js';

export interface RazorpayClientSettings {
  /** https://api.razorpay.com in production; the local payment gateway in development and tests. */
  readonly apiUrl: string;
  readonly keyId: string;
  readonly keySecret: string;
  /** One request, from sending to the last byte of the answer. */
  readonly timeoutMs: number;
}

/**
 * The idempotency header of each kind of write. Razorpay documents `X-Refund-Idempotency`
 * (refunds) and `X-Transfer-Idempotency` (transfers); orders and linked accounts carry the same
 * style of header, which Razorpay ignores and the local gateway honours, and the adapter makes
 * those writes safe by itself too (docs/adr/0040). The composite "create a linked account" call
 * (a UPI settlement account) documents `Idempotency-Key`.
 */
export const IDEMPOTENCY_HEADERS = {
  order: 'X-Order-Idempotency',
  transfer: 'X-Transfer-Idempotency',
  refund: 'X-Refund-Idempotency',
  account: 'X-Account-Idempotency',
  compositeAccount: 'Idempotency-Key',
} as const;

export type IdempotentWrite = keyof typeof IDEMPOTENCY_HEADERS;

/** What Razorpay accepts as a key: letters, digits, `-` and `_`, 10 (refunds) to 36 characters. */
const GATEWAY_KEY = /^[A-Za-z0-9_-]{10,36}$/;
const MAX_CALLER_KEY_LENGTH = 200;

/**
 * The gateway's key for a caller's idempotency key: the key itself when Razorpay accepts it,
 * otherwise 36 characters of its SHA-256 (base64url: letters, digits, `-`, `_`). Deterministic, so
 * a retry after a crash sends the same key.
 */
export function gatewayIdempotencyKey(key: string): string {
  if (key.length === 0 || key.length > MAX_CALLER_KEY_LENGTH) {
    throw new RangeError(`An idempotency key has 1 to ${String(MAX_CALLER_KEY_LENGTH)} characters`);
  }
  if (GATEWAY_KEY.test(key)) return key;
  return createHash('sha256').update(key).digest('base64url').slice(0, 36);
}

interface RazorpayErrorBody {
  readonly error?: {
    readonly code?: unknown;
    readonly description?: unknown;
    readonly field?: unknown;
  };
}

const NOT_FOUND_DESCRIPTION = /does not exist/i;

/**
 * A small typed client over fetch for Razorpay's REST API: a configurable base URL (the official
 * `razorpay` SDK hard-codes its host, so it cannot talk to the local gateway), Basic auth with the
 * key pair, a timeout per request, an idempotency header on every write, and Razorpay's error
 * bodies turned into {@link PaymentGatewayError}s that say whether a retry may help.
 */
export class RazorpayHttpClient {
  private readonly authorization: string;

  constructor(private readonly settings: RazorpayClientSettings) {
    this.authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  }

  get<T>(path: string, query?: Readonly<Record<string, string>>): Promise<T> {
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    return this.request<T>('GET', `${path}${search}`);
  }

  /** The items of a collection (Razorpay lists as `{ entity: 'collection', count, items }`). */
  async list<T>(path: string, query?: Readonly<Record<string, string>>): Promise<T[]> {
    return (await this.get<RazorpayCollection<T>>(path, query)).items;
  }

  /** A write: `key` is the caller's idempotency key, sent in the header of its kind. */
  write<T>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    kind: IdempotentWrite,
    key: string,
  ): Promise<T> {
    return this.request<T>(method, path, body, {
      [IDEMPOTENCY_HEADERS[kind]]: gatewayIdempotencyKey(key),
    });
  }

  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Readonly<Record<string, string>> = {},
  ): Promise<T> {
    const what = `${method} ${path.split('?')[0] ?? path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new PaymentGatewayError(
        `Payment gateway unreachable (${what}: ${reason})`,
        'unreachable',
        undefined,
        undefined,
        { cause: error },
      );
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (response.ok) {
      if (parsed === undefined || typeof parsed !== 'object' || parsed === null) {
        throw new PaymentGatewayError(
          `Payment gateway answered ${what} with a body that is not JSON`,
          'unavailable',
          undefined,
          undefined,
        );
      }
      return parsed as T;
    }
    throw this.errorOf(what, response.status, parsed as RazorpayErrorBody | undefined);
  }

  private errorOf(
    what: string,
    status: number,
    body: RazorpayErrorBody | undefined,
  ): PaymentGatewayError {
    const code = typeof body?.error?.code === 'string' ? body.error.code : undefined;
    const description =
      typeof body?.error?.description === 'string' ? body.error.description.slice(0, 300) : '';
    const field = typeof body?.error?.field === 'string' ? body.error.field : undefined;
    const message = `Payment gateway answered ${what} with ${String(status)}${
      description ? `: ${description}` : ''
    }`;
    if (status >= 500 || status === 409 || status === 429) {
      return new PaymentGatewayError(message, 'unavailable', code, field);
    }
    if (status === 401) return new PaymentGatewayError(message, 'authentication', code, field);
    if (status === 404 || NOT_FOUND_DESCRIPTION.test(description)) {
      return new PaymentGatewayError(message, 'not_found', code, field);
    }
    return new PaymentGatewayError(message, 'rejected', code, field);
  }
}
