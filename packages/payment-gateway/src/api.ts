/**
 * The REST API's front door: the fault controls (down, failing), Basic auth, routing, the JSON
 * body, the writes log and idempotency keys, then the route's handler.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord, readBody } from '@paylock/dev-http';
import { answer } from './answers.ts';
import { ApiError, badRequest, errorBody } from './errors.ts';
import type { Route } from './routes.ts';
import type { Gateway } from './gateway.ts';
import { type ApiAnswer, type GatewayStore, MAX_KEPT_ENTRIES } from './store.ts';
import type { ApiWrite } from './types.ts';
import { sleep } from './values.ts';

/**
 * The idempotency headers the gateway honours on writes. Razorpay documents X-Refund-Idempotency
 * (refunds) and X-Transfer-Idempotency (direct transfers); the adapter sends the same style of
 * header on its other writes (docs/adr/0040). Any `X-<Word>-Idempotency` header is honoured, and
 * `Idempotency-Key`, which the composite "create a linked account" call documents.
 */
export const IDEMPOTENCY_HEADER = /^(x-[a-z]+-idempotency|idempotency-key)$/;

export const MAX_BODY_BYTES = 256 * 1024;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\- ]{4,64}$/;

type Outcome = ApiWrite['outcome'];

export async function handleApi(
  { settings, store }: Gateway,
  routes: readonly Route[],
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  if (refusedByFaults(store, request, response)) return;
  if (!authorized(request, `${settings.keyId}:${settings.keySecret}`)) {
    answer(
      response,
      401,
      errorBody(new ApiError(401, 'BAD_REQUEST_ERROR', 'Authentication failed')),
    );
    return;
  }
  const method = request.method ?? 'GET';
  const route = routes.find((item) => item.method === method && item.pattern.test(url.pathname));
  if (!route) {
    answerNoRoute(routes, response, url);
    return;
  }
  const body = await readJsonBody(request, response);
  if (!body) return;
  const headerName =
    method === 'POST' || method === 'PATCH'
      ? Object.keys(request.headers).find((name) => IDEMPOTENCY_HEADER.test(name))
      : undefined;
  const key = headerName ? String(request.headers[headerName]) : undefined;
  const settle = logWrite(store, method, url, key);
  let slot: string | undefined;
  if (headerName && key !== undefined) {
    slot = `${method} ${url.pathname} ${key}`;
    if (await answeredByIdempotency(store, response, { headerName, key, slot, body, settle })) {
      return;
    }
  }
  if (store.faults.delayMs > 0) await sleep(store.faults.delayMs);
  const result = run(store, route, url, body, slot, settle);
  if (slot) {
    const seen = store.idempotent.get(slot);
    if (seen) seen.answer = result;
  }
  if (store.faults.loseNextAnswers > 0) {
    store.faults.loseNextAnswers -= 1;
    request.socket.destroy();
    return;
  }
  answer(response, result.status, result.body);
}

/** Down (dropped or 503) or failing the next N requests: answered without doing anything. */
function refusedByFaults(
  store: GatewayStore,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const { faults } = store;
  if (Date.now() < faults.downUntil) {
    if (faults.downMode === 'refuse') request.socket.destroy();
    else answer(response, 503, errorBody(new ApiError(503, 'SERVER_ERROR', 'Service unavailable')));
    return true;
  }
  if (faults.failNext > 0) {
    faults.failNext -= 1;
    answer(
      response,
      faults.failStatus,
      errorBody(
        new ApiError(
          faults.failStatus,
          'SERVER_ERROR',
          'The server encountered an error. The incident has been reported to admins.',
        ),
      ),
    );
    return true;
  }
  return false;
}

function authorized(request: IncomingMessage, credentials: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded === credentials;
}

function answerNoRoute(routes: readonly Route[], response: ServerResponse, url: URL): void {
  const known = routes.some((item) => item.pattern.test(url.pathname));
  answer(
    response,
    known ? 405 : 404,
    errorBody(
      known
        ? new ApiError(405, 'BAD_REQUEST_ERROR', 'The requested method is not allowed')
        : new ApiError(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'),
    ),
  );
}

/** The request's JSON object (empty: `{}`), or undefined once a 413 or 400 is answered. */
async function readJsonBody(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<Record<string, unknown> | undefined> {
  const text = await readBody(request, MAX_BODY_BYTES);
  if (text === undefined) {
    answer(response, 413, errorBody(badRequest('Request body too large')));
    return undefined;
  }
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) throw new Error('not an object');
    return parsed;
  } catch {
    answer(response, 400, errorBody(badRequest('The request body is not valid JSON')));
    return undefined;
  }
}

/** Logs a write (POST or PATCH) as received; the returned function records its outcome. */
function logWrite(
  store: GatewayStore,
  method: string,
  url: URL,
  key: string | undefined,
): (outcome: Outcome) => void {
  if (method !== 'POST' && method !== 'PATCH') return () => undefined;
  const logged: ApiWrite = {
    method,
    path: url.pathname,
    idempotencyKey: key ?? null,
    outcome: 'received',
    at: new Date().toISOString(),
  };
  store.writes.push(logged);
  store.writes.splice(0, Math.max(0, store.writes.length - MAX_KEPT_ENTRIES));
  return (outcome) => {
    logged.outcome = outcome;
  };
}

interface KeyedWrite {
  readonly headerName: string;
  readonly key: string;
  readonly slot: string;
  readonly body: Record<string, unknown>;
  readonly settle: (outcome: Outcome) => void;
}

/**
 * A write with an idempotency key: answered here (true) when the key is invalid, used with another
 * body, still in progress, or done (the first answer replayed); otherwise its slot is claimed.
 */
async function answeredByIdempotency(
  store: GatewayStore,
  response: ServerResponse,
  { headerName, key, slot, body, settle }: KeyedWrite,
): Promise<boolean> {
  if (!IDEMPOTENCY_KEY.test(key)) {
    settle('refused');
    answer(response, 400, errorBody(badRequest('The idempotency key is invalid.', headerName)));
    return true;
  }
  const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const seen = store.idempotent.get(slot);
  if (!seen) {
    store.idempotent.set(slot, { fingerprint, answer: null });
    return false;
  }
  if (seen.fingerprint !== fingerprint) {
    settle('refused');
    answer(
      response,
      400,
      errorBody(
        badRequest('Different request with the same idempotency key has already been processed.'),
      ),
    );
    return true;
  }
  if (!seen.answer) {
    settle('in_progress');
    answer(
      response,
      409,
      errorBody(
        new ApiError(
          409,
          'BAD_REQUEST_ERROR',
          'A request with this idempotency key is being processed.',
        ),
      ),
    );
    return true;
  }
  if (store.faults.delayMs > 0) await sleep(store.faults.delayMs);
  settle('replayed');
  answer(response, seen.answer.status, seen.answer.body);
  return true;
}

/** Runs the route's handler; its answer (or Razorpay error body) as a snapshot to replay. */
function run(
  store: GatewayStore,
  route: Route,
  url: URL,
  body: Record<string, unknown>,
  slot: string | undefined,
  settle: (outcome: Outcome) => void,
): ApiAnswer {
  let result: ApiAnswer;
  try {
    const params = route.pattern.exec(url.pathname)?.slice(1) ?? [];
    result = { status: 200, body: route.handler(params, body, url.searchParams) };
    settle('applied');
  } catch (error) {
    if (!(error instanceof ApiError)) {
      if (slot) store.idempotent.delete(slot);
      settle('refused');
      throw error;
    }
    result = { status: error.status, body: errorBody(error) };
    settle('refused');
  }
  // The stored answer is a snapshot: a replay returns the first answer, as Razorpay does.
  return { status: result.status, body: JSON.parse(JSON.stringify(result.body)) as unknown };
}
