/**
 * A local SMS inbox for development and tests (issue #25). No mature MailDev-like tool exists for
 * SMS, so this small server speaks the provider's own HTTP API — MSG91's Flow API
 * (`POST /api/v5/flow`, the `authkey` header, its JSON answers) — so that the backend's production
 * adapter is the code every test and `npm start` runs. What it receives is listed on a page (`/`)
 * and a JSON API (`/api/messages`).
 *
 * One file, Node's own modules only, erasable TypeScript: Node runs it as it is, and Jest,
 * Playwright and the type checks load it from its source.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml, isRecord, readBody } from '@paylock/dev-http';

/** The DLT template text to register (docs/operations.md); `{#var#}` is the code. */
export const OTP_TEMPLATE_TEXT =
  '{#var#} is your Paylock sign-in code. It expires in 10 minutes. Do not share it with anyone. - Paylock';

/** The template variable that carries the code (MSG91: `##otp##` in the flow's content). */
export const CODE_VARIABLE = 'otp';

/**
 * A DLT-style registered template: its provider id, its text with one `{#var#}` per variable, and
 * the names of the variables in the order they fill the text (MSG91: `##name##` in the flow).
 */
export interface SmsTemplate {
  readonly id: string;
  readonly text: string;
  readonly variables: readonly string[];
}

/** One message the inbox accepted. */
export interface ReceivedSms {
  /** The request id answered to the sender (MSG91's `message` on success). */
  readonly id: string;
  /** E.164, as the backend addressed it: +91 and ten digits. */
  readonly to: string;
  /** The request's `sender`, or the template's own header when the request names none. */
  readonly sender: string;
  readonly templateId: string;
  readonly variables: Readonly<Record<string, string>>;
  /** The template's text with its variable filled in: what the phone would show. */
  readonly text: string;
  readonly receivedAt: string;
}

/** How the inbox answers every send until cleared: an HTTP status (e.g. 503) or a dropped connection. */
export type SmsInboxFailure = { readonly status: number } | { readonly drop: true };

export interface SmsInbox {
  /** e.g. http://127.0.0.1:4021 (the API base: the backend's SMS_BASE_URL). */
  readonly url: string;
  /** The page for people: http://localhost:<port>/. */
  readonly pageUrl: string;
  /** The backend's SMS_* variables pointing at this inbox. */
  readonly backendEnv: Readonly<Record<string, string>>;
  /** Every accepted message, oldest first. */
  messages(): readonly ReceivedSms[];
  /** Resolves with the first message to `to` (E.164) accepted after `afterCount` messages to it. */
  nextMessageTo(
    to: string,
    options?: { afterCount?: number; timeoutMs?: number },
  ): Promise<ReceivedSms>;
  /** The code of the latest message to `to`, if any. */
  latestCodeFor(to: string): string | undefined;
  /** Answer sends with a failure (provider down) until `fail(null)`. */
  fail(failure: SmsInboxFailure | null): void;
  clear(): void;
  stop(): Promise<void>;
}

export interface SmsInboxOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly authKey?: string;
  readonly templateId?: string;
  /** Further registered templates (e.g. the backend's notice templates), besides the OTP one. */
  readonly templates?: readonly SmsTemplate[];
}

const DEFAULT_TEMPLATE_ID = 'local-otp-template';
const SENDER = /^[A-Za-z]{6}$/;
/** The header the inbox's template is registered with (MSG91 sends with it by default). */
const TEMPLATE_SENDER = 'PAYLCK';
const INDIAN_MOBILE = /^91[6-9]\d{9}$/;
const MAX_BODY_BYTES = 64 * 1024;
const MAX_KEPT = 1000;

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** MSG91's error answer: `{"type":"error","message":"…"}`. */
function refuse(response: ServerResponse, status: number, message: string): void {
  answer(response, status, { type: 'error', message });
}

/** The template's text with its variables filled in, in order. */
function fill(template: SmsTemplate, variables: Readonly<Record<string, string>>): string {
  let index = 0;
  return template.text.replace(
    /\{#var#\}/g,
    () => variables[template.variables[index++] ?? ''] ?? '',
  );
}

function pageOf(messages: readonly ReceivedSms[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (sms) =>
        `<tr><td>${escapeHtml(sms.receivedAt)}</td><td>${escapeHtml(sms.to)}</td>` +
        `<td>${escapeHtml(sms.sender)}</td><td>${escapeHtml(sms.text)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS inbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.5rem;text-align:left;vertical-align:top}</style></head>
<body><h1>SMS inbox</h1><p>Messages sent through the local stand-in of MSG91's Flow API, newest first.
JSON: <a href="/api/messages">/api/messages</a>. Reload to see new ones.</p>
<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Sender</th><th scope="col">Text</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`;
}

export async function startSmsInbox(options: SmsInboxOptions = {}): Promise<SmsInbox> {
  const authKey = options.authKey ?? `local-${randomBytes(12).toString('hex')}`;
  const templateId = options.templateId ?? DEFAULT_TEMPLATE_ID;
  const templates = new Map<string, SmsTemplate>([
    [templateId, { id: templateId, text: OTP_TEMPLATE_TEXT, variables: [CODE_VARIABLE] }],
    ...(options.templates ?? []).map((template): [string, SmsTemplate] => [template.id, template]),
  ]);
  const received: ReceivedSms[] = [];
  const waiters = new Set<() => void>();
  let failure: SmsInboxFailure | null = null;

  function accept(body: unknown, response: ServerResponse): void {
    if (!isRecord(body)) {
      refuse(response, 400, 'Invalid JSON body');
      return;
    }
    const template =
      typeof body.template_id === 'string' ? templates.get(body.template_id) : undefined;
    if (!template) {
      refuse(response, 400, 'Invalid template_id');
      return;
    }
    // MSG91's Flow API documents no DLT field (no entity id, no DLT template id): the DLT
    // registration belongs to the template in MSG91's panel. `sender` is optional there: the
    // template's header unless the request names one (a template whose sender is "FromAPI").
    const sender = body.sender ?? TEMPLATE_SENDER;
    if (typeof sender !== 'string' || !SENDER.test(sender)) {
      refuse(response, 400, 'Invalid sender');
      return;
    }
    const recipients = body.recipients;
    if (!Array.isArray(recipients) || recipients.length === 0) {
      refuse(response, 400, 'recipients is required');
      return;
    }
    const messages: ReceivedSms[] = [];
    for (const recipient of recipients as unknown[]) {
      if (!isRecord(recipient) || typeof recipient.mobiles !== 'string') {
        refuse(response, 400, 'Invalid recipient');
        return;
      }
      if (!INDIAN_MOBILE.test(recipient.mobiles)) {
        refuse(response, 400, 'Invalid mobile number');
        return;
      }
      const variables = Object.fromEntries(
        Object.entries(recipient).filter(
          (entry): entry is [string, string] =>
            entry[0] !== 'mobiles' && typeof entry[1] === 'string',
        ),
      );
      const missing = template.variables.find((name) => variables[name] === undefined);
      if (missing !== undefined) {
        refuse(response, 400, `Missing template variable ${missing}`);
        return;
      }
      messages.push({
        id: randomBytes(12).toString('hex'),
        to: `+${recipient.mobiles}`,
        sender,
        templateId: template.id,
        variables,
        text: fill(template, variables),
        receivedAt: new Date().toISOString(),
      });
    }
    received.push(...messages);
    received.splice(0, Math.max(0, received.length - MAX_KEPT));
    for (const wake of waiters) wake();
    answer(response, 200, { type: 'success', message: messages[0]?.id ?? '' });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname.replace(/\/$/, '') === '/api/v5/flow') {
      if (failure) {
        if ('drop' in failure) {
          request.socket.destroy();
          return;
        }
        refuse(response, failure.status, 'Service unavailable');
        return;
      }
      // MSG91 answers a missing or wrong key with an authentication failure.
      if (request.headers.authkey !== authKey) {
        refuse(response, 401, 'Authentication failure');
        return;
      }
      const text = await readBody(request, MAX_BODY_BYTES);
      if (text === undefined) {
        refuse(response, 413, 'Body too large');
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        refuse(response, 400, 'Invalid JSON body');
        return;
      }
      accept(body, response);
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api/messages') {
      const to = url.searchParams.get('to');
      answer(response, 200, to ? received.filter((sms) => sms.to === to) : received);
      return;
    }
    // The templates registered with the inbox, as a DLT platform lists an entity's templates.
    if (request.method === 'GET' && url.pathname === '/api/templates') {
      answer(response, 200, [...templates.values()]);
      return;
    }
    if (request.method === 'DELETE' && url.pathname === '/api/messages') {
      received.length = 0;
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && url.pathname === '/') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      response.end(pageOf(received));
      return;
    }
    refuse(response, 404, 'Not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) refuse(response, 500, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const messagesTo = (to: string) => received.filter((sms) => sms.to === to);

  return {
    url,
    pageUrl: `http://localhost:${port}/`,
    backendEnv: {
      SMS_BASE_URL: url,
      SMS_AUTH_KEY: authKey,
      SMS_TEMPLATE_ID: templateId,
      SMS_SENDER: TEMPLATE_SENDER,
      SMS_DLT_ENTITY_ID: '1000000000000000000',
    },
    messages: () => [...received],
    latestCodeFor: (to) => messagesTo(to).at(-1)?.variables[CODE_VARIABLE],
    nextMessageTo(to, { afterCount = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const message = messagesTo(to)[afterCount];
          if (!message) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(message);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No SMS to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    fail(next) {
      failure = next;
    },
    clear() {
      received.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
