import request from 'supertest';
import {
  APP_ORIGIN,
  AUTH,
  cookieValue,
  CSRF_HEADERS,
  newBrowser,
  type SessionBody,
  signInThroughProvider,
  authTestEnv,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';

const NEWCOMER = {
  sub: 'google-sub-newcomer',
  email: 'meera.k@gmail.com',
  name: 'Meera K',
  picture: 'https://lh3.googleusercontent.com/a/meera',
};

describe('Google sign-in through the browser redirect flow', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp),
    });
  });

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  beforeEach(() => {
    idp.setNextIdentity(NEWCOMER);
  });

  it('redirects to the provider with state, PKCE (S256) and our callback, binding the state to a cookie', async () => {
    const response = await request(testApp.server).get(`${AUTH}/google?intent=signup`).expect(302);
    const target = new URL(response.headers.location as string);
    expect(target.origin + target.pathname).toBe(idp.endpoints.authorization);
    expect(target.searchParams.get('client_id')).toBe(idp.clientId);
    expect(target.searchParams.get('redirect_uri')).toBe(
      `${APP_ORIGIN}/api/v1/auth/google/callback`,
    );
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(target.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(target.searchParams.get('scope')).toBe('openid email profile');
    const stateCookie = response.headers['set-cookie']?.[0] ?? '';
    expect(stateCookie).toMatch(/^paylock_oauth_state=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(stateCookie).toContain('HttpOnly');
    expect(stateCookie).toContain('SameSite=Lax');
  });

  it('signs a newcomer up, lands on the dashboard with a session, then signs them in again', async () => {
    const browser = newBrowser(testApp.server);
    const signUp = await signInThroughProvider(browser, 'signup');
    expect(signUp.location).toBe(`${APP_ORIGIN}/creator/dashboard?signedIn=signup`);
    expect(cookieValue(signUp.response, 'paylock_refresh')).toMatch(/^[\w-]{43}$/);
    expect(cookieValue(signUp.response, 'paylock_oauth_state')).toBe('');
    expect(signUp.response.headers['cache-control']).toBe('no-store');

    // The SPA's start-up refresh turns the cookie into an access token.
    const refreshed = await browser.post(`${AUTH}/refresh-token`).set(CSRF_HEADERS).expect(200);
    const session = refreshed.body as SessionBody;
    expect(session.user).toEqual({
      displayName: 'Meera K',
      email: 'meera.k@gmail.com',
      photoURL: 'https://lh3.googleusercontent.com/a/meera',
      roles: ['creator'],
    });

    const signIn = await signInThroughProvider(newBrowser(testApp.server), 'login');
    expect(signIn.location).toBe(`${APP_ORIGIN}/creator/dashboard?signedIn=login`);
    expect(cookieValue(signIn.response, 'paylock_refresh')).toMatch(/^[\w-]{43}$/);
  });

  it('sends a sign-up of an existing account back to the sign-in page, without a session', async () => {
    idp.setNextIdentity({ ...NEWCOMER, sub: 'google-sub-twice', email: 'twice@gmail.com' });
    await signInThroughProvider(newBrowser(testApp.server), 'signup');
    const again = await signInThroughProvider(newBrowser(testApp.server), 'signup');
    expect(again.location).toBe(`${APP_ORIGIN}/login?reason=ALREADY_REGISTERED`);
    expect(cookieValue(again.response, 'paylock_refresh')).toBeUndefined();
  });

  it('sends a sign-in of an unknown account to the sign-up page, without a session', async () => {
    idp.setNextIdentity({ ...NEWCOMER, sub: 'google-sub-stranger', email: 'stranger@gmail.com' });
    const result = await signInThroughProvider(newBrowser(testApp.server), 'login');
    expect(result.location).toBe(`${APP_ORIGIN}/register?reason=ACCOUNT_NOT_FOUND`);
    expect(cookieValue(result.response, 'paylock_refresh')).toBeUndefined();
  });

  it('reports a failed sign-in when the person denies consent at the provider', async () => {
    idp.failNextAuthorization('access_denied');
    const result = await signInThroughProvider(newBrowser(testApp.server), 'signup');
    expect(result.location).toBe(`${APP_ORIGIN}/login?reason=INVALID_CREDENTIAL`);
    expect(cookieValue(result.response, 'paylock_oauth_state')).toBe(''); // spent all the same
  });

  it('reports a failed sign-in when the provider answers with an error', async () => {
    idp.failNextAuthorization('server_error');
    const result = await signInThroughProvider(newBrowser(testApp.server), 'login');
    expect(result.location).toBe(`${APP_ORIGIN}/login?reason=INVALID_CREDENTIAL`);
  });

  it('refuses a callback opened in another browser (no state cookie): login CSRF', async () => {
    const victim = newBrowser(testApp.server);
    const start = await newBrowser(testApp.server).get(`${AUTH}/google?intent=signup`).expect(302);
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location') ?? '');
    const response = await victim.get(callback.pathname + callback.search).expect(302);
    expect(response.headers.location).toBe(`${APP_ORIGIN}/login?reason=INVALID_CREDENTIAL`);
    expect(cookieValue(response, 'paylock_refresh')).toBeUndefined();
  });

  it('refuses a callback whose state does not match the cookie, and one that is replayed', async () => {
    const browser = newBrowser(testApp.server);
    const start = await browser.get(`${AUTH}/google?intent=signup`).expect(302);
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location') ?? '');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'x'.repeat(32));
    const forged = await browser.get(tampered.pathname + tampered.search).expect(302);
    expect(forged.headers.location).toBe(`${APP_ORIGIN}/login?reason=INVALID_CREDENTIAL`);
    // The state cookie is single-use: the genuine callback after it fails too.
    const replay = await browser.get(callback.pathname + callback.search).expect(302);
    expect(replay.headers.location).toBe(`${APP_ORIGIN}/login?reason=INVALID_CREDENTIAL`);
  });

  it('reports a failed sign-in for a callback without code or error', async () => {
    const response = await request(testApp.server).get(`${AUTH}/google/callback`).expect(302);
    expect(response.headers.location).toBe(`${APP_ORIGIN}/login?reason=INVALID_CREDENTIAL`);
  });

  it('rejects an unknown intent with a field error', async () => {
    const response = await request(testApp.server).get(`${AUTH}/google?intent=admin`).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { intent: 'intent must be one of signup, login' },
    });
  });

  it("says the local provider is in use when the endpoints are not Google's", async () => {
    const response = await request(testApp.server).get(`${AUTH}/identity-provider`).expect(200);
    expect(response.body).toEqual({ kind: 'local' });
  });
});
