import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { App } from 'supertest/types.js';
import type { IdentityProvider } from '@paylock/identity-provider';
import type { SmsInbox } from '@paylock/sms-inbox';
import type { Connection } from 'mongoose';

export const AUTH = '/api/v1/auth';
export const APP_ORIGIN = 'http://localhost:5173';
export const CSRF_HEADERS = { 'X-Requested-With': 'paylock', Origin: APP_ORIGIN } as const;

/** The backend's environment for an app that signs in through `idp`, served at APP_ORIGIN. */
export function authTestEnv(
  idp: IdentityProvider,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    ...idp.backendEnv,
    PUBLIC_URL: APP_ORIGIN,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    ...overrides,
  };
}

export interface SessionBody {
  success: boolean;
  accessToken: string;
  message: string;
  user: { displayName: string; email: string; photoURL: string | null; roles: string[] };
}

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: Record<string, string>;
}

/** The Set-Cookie lines of a response. */
export function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header.map(String) : [];
}

/** The value a response sets for a cookie ('' when it clears it; undefined when absent). */
export function cookieValue(
  response: { headers: Record<string, unknown> },
  name: string,
): string | undefined {
  const line = setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

/**
 * A browser going through Google sign-in: the app redirects to the provider, whose authorize
 * endpoint signs in at once and redirects back to the callback with code and state.
 * Returns where the app finally sends the browser.
 */
export async function signInThroughProvider(
  agent: TestAgent,
  intent: string,
): Promise<{ location: string; response: request.Response }> {
  const start = await agent.get(`${AUTH}/google?intent=${intent}`).expect(302);
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  const response = await agent.get(callback.pathname + callback.search).expect(302);
  return { location: response.headers.location as string, response };
}

export function newBrowser(server: App): TestAgent {
  return request.agent(server);
}

/** A brand workspace signed up by phone: its session, its id and its number both ways. */
export interface BrandSignedUp {
  readonly token: string;
  readonly id: string;
  readonly e164: string;
  readonly national: string;
}

/**
 * Signs a brand up with the Indian mobile `national` (10 digits) from the client address `ip`:
 * the code is read from the SMS inbox the app sends through, as a person would type it.
 */
export async function signUpBrandByPhone(
  app: { server: App; connection: Connection },
  inbox: SmsInbox,
  national: string,
  ip: string,
): Promise<BrandSignedUp> {
  const e164 = `+91${national}`;
  await request(app.server)
    .post(`${AUTH}/phone/codes`)
    .set(CSRF_HEADERS)
    .set('X-Forwarded-For', ip)
    .send({ phone: national, purpose: 'signup' })
    .expect(202);
  const code = (await inbox.nextMessageTo(e164)).variables.otp ?? '';
  const session = await request(app.server)
    .post(`${AUTH}/phone/sessions`)
    .set(CSRF_HEADERS)
    .set('X-Forwarded-For', ip)
    .send({ phone: national, code, purpose: 'signup' })
    .expect(200);
  const stored = await app.connection.collection('brand_accounts').findOne({ phone: e164 });
  return {
    token: (session.body as SessionBody).accessToken,
    id: String(stored?._id),
    e164,
    national,
  };
}
