import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { APP_ORIGIN, AUTH, authTestEnv, cookieValue, newBrowser } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FerretDbProcess } from './support/ferretdb-process.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';

/** Starts the flow and signs in at the provider: the callback path the browser is sent to. */
async function callbackPathOf(browser: TestAgent, intent: string): Promise<string> {
  const start = await browser.get(`${AUTH}/google?intent=${intent}`).expect(302);
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  return callback.pathname + callback.search;
}

/**
 * Google sign-in is a browser navigation: a rate limit or an outage there sends the person back
 * to the page they started from with a reason the page explains, never to a raw JSON answer.
 */
describe('Google sign-in when it has to be retried later', () => {
  let idp: IdentityProvider;

  beforeAll(async () => {
    idp = await startIdentityProvider();
  });

  afterAll(async () => {
    await idp.stop();
  });

  describe('over the rate limit', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({
        env: authTestEnv(idp, { RATE_LIMIT_AUTH_PER_MINUTE: '2' }),
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('sends a sign-up whose callback is refused back to /register?reason=RATE_LIMITED', async () => {
      const browser = newBrowser(testApp.server);
      const callbackPath = await callbackPathOf(browser, 'signup'); // hit 1 of 2
      await request(testApp.server).get(`${AUTH}/identity-provider`).expect(200); // hit 2

      const callback = await browser.get(callbackPath);
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe(`${APP_ORIGIN}/register?reason=RATE_LIMITED`);
      expect(cookieValue(callback, 'paylock_oauth_state')).toBe(''); // spent
      expect(callback.headers['cache-control']).toBe('no-store');
    });

    it('sends a sign-in refused at its start back to /login?reason=RATE_LIMITED', async () => {
      const start = await newBrowser(testApp.server).get(`${AUTH}/google?intent=login`);
      expect(start.status).toBe(302);
      expect(start.headers.location).toBe(`${APP_ORIGIN}/login?reason=RATE_LIMITED`);
    });

    it('still answers API calls over the limit with a 429 body', async () => {
      const answer = await request(testApp.server).get(`${AUTH}/identity-provider`);
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });

  describe('while the database is down', () => {
    let ferret: FerretDbProcess;
    let testApp: TestApp;

    beforeAll(async () => {
      ferret = await FerretDbProcess.onFreePort();
      await ferret.start();
      testApp = await createTestApp({
        env: authTestEnv(idp, { MONGODB_URI: ferret.uri('paylock_google_outage_test') }),
      });
    });

    afterAll(async () => {
      await ferret.start(); // the app drops its test database on close
      await testApp.close();
      await ferret.destroy();
    });

    it('sends a sign-up whose callback meets the outage back to /register?reason=DATABASE_UNAVAILABLE', async () => {
      const browser = newBrowser(testApp.server);
      const callbackPath = await callbackPathOf(browser, 'signup');
      await ferret.stop();

      const callback = await browser.get(callbackPath);
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe(`${APP_ORIGIN}/register?reason=DATABASE_UNAVAILABLE`);
      expect(cookieValue(callback, 'paylock_oauth_state')).toBe('');
      expect(cookieValue(callback, 'paylock_refresh')).toBeUndefined();
    });

    it('sends a sign-in started during the outage back to /login?reason=DATABASE_UNAVAILABLE', async () => {
      const start = await newBrowser(testApp.server).get(`${AUTH}/google?intent=login`);
      expect(start.status).toBe(302);
      expect(start.headers.location).toBe(`${APP_ORIGIN}/login?reason=DATABASE_UNAVAILABLE`);
    });
  });
});
