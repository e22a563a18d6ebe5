/**
 * The account chooser of the local identity provider (index.ts): the demo identities, the plain
 * HTML page that offers them or any name and e-mail typed in, and the identity a form asks for.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '@paylock/dev-http';

/** Who the provider says signed in: the ID token's identity claims. */
export interface Identity {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly picture?: string;
  readonly email_verified?: boolean;
}

export const DEMO_IDENTITY: Identity = {
  sub: 'local-demo-creator',
  email: 'demo.creator@paylock.local',
  name: 'Demo Creator',
  email_verified: true,
};

/** The admin `npm start` lists in ADMIN_EMAILS, offered by the chooser. */
export const DEMO_ADMIN_IDENTITY: Identity = {
  sub: 'local-demo-admin',
  email: 'demo.admin@paylock.local',
  name: 'Demo Admin',
  email_verified: true,
};

export const CHOOSER_PATH = '/choose';
export const CHOSEN_PATH = '/choose/continue';
/** The authorization request's parameters the chooser carries to the authorize endpoint. */
const AUTHORIZE_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'max_age',
] as const;
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_FIELD_LENGTH = 200;
export function authorizeParameters(query: Record<string, unknown>): [string, string][] {
  return AUTHORIZE_PARAMETERS.flatMap((name) => {
    const value = query[name];
    return typeof value === 'string' ? [[name, value] as [string, string]] : [];
  });
}

function hiddenFields(parameters: readonly [string, string][]): string {
  return parameters
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
}

/** The account chooser: plain HTML, no script, the authorization request carried in each form. */
export function chooserPage(parameters: readonly [string, string][], problem?: string): string {
  const hidden = hiddenFields(parameters);
  const preset = (account: string, identity: Identity) =>
    `<form method="get" action="${CHOSEN_PATH}">${hidden}` +
    `<input type="hidden" name="account" value="${account}">` +
    `<button type="submit"><strong>${escapeHtml(identity.name)}</strong>` +
    `<span>${escapeHtml(identity.email)}</span></button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account · local identity provider</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:2rem;max-width:26rem;width:calc(100% - 2rem);box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 .25rem}p{color:#52525b;margin:.25rem 0 1rem}
button{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:.75rem 1rem;margin:.5rem 0;border:1px solid #d4d4d8;border-radius:8px;background:#fff;font:inherit;cursor:pointer;color:inherit}
button:hover,button:focus-visible{border-color:#4f46e5;outline:2px solid #4f46e5}
button span{color:#52525b;font-size:.9rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #71717a;border-radius:6px;font:inherit}
.problem{color:#b91c1c}
</style></head>
<body><main>
<h1>Choose an account</h1>
<p>Local development identity provider: not Google. Anyone may sign in as anyone here.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
${preset('creator', DEMO_IDENTITY)}
${preset('admin', DEMO_ADMIN_IDENTITY)}
<form method="get" action="${CHOSEN_PATH}">${hidden}
<h2>Or another account</h2>
<label for="name">Name</label><input id="name" name="name" type="text" required maxlength="${MAX_FIELD_LENGTH}" autocomplete="name">
<label for="email">E-mail</label><input id="email" name="email" type="email" required maxlength="${MAX_FIELD_LENGTH}" autocomplete="email">
<button type="submit"><strong>Continue</strong></button>
</form>
</main></body></html>`;
}

/** The identity a chooser form asks for, or a problem to show. */
export function chosenIdentity(query: Record<string, unknown>): Identity | string {
  if (query.account === 'creator') return DEMO_IDENTITY;
  if (query.account === 'admin') return DEMO_ADMIN_IDENTITY;
  const name = typeof query.name === 'string' ? query.name.trim() : '';
  const email = typeof query.email === 'string' ? query.email.trim().toLowerCase() : '';
  if (!name || name.length > MAX_FIELD_LENGTH) return 'Please enter a name.';
  if (!BASIC_EMAIL.test(email) || email.length > MAX_FIELD_LENGTH) {
    return 'Please enter a valid e-mail address.';
  }
  // One stable subject per address, as Google keeps one per account.
  const subject = `local-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
  const identity: Identity = { sub: subject, email, name, email_verified: true };
  return identity;
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No form-action: a chosen account's form redirects on to the app's callback (another origin).
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  });
  response.end(html);
}
