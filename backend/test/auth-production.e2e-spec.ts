import request from 'supertest';
import { AUTH, setCookies } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

/** Production configuration: Google's endpoints (never called here), https, a strong secret. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://paylock.in',
  CORS_ORIGINS: 'https://paylock.in',
  GOOGLE_CLIENT_ID: 'paylock-e2e.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'not-a-real-secret',
  JWT_SECRET: 'an-e2e-secret-that-is-long-enough-0123456789',
  PAYOUT_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
  // Never reached: nothing here sends mail.
  SMTP_URL: 'smtps://smtp.paylock.invalid',
  // Never reached either: nothing here sends an SMS.
  OTP_SECRETS: 'an-e2e-otp-secret-that-is-long-enough-0123456789',
  SMS_BASE_URL: 'https://sms.paylock.invalid',
  SMS_AUTH_KEY: 'not-a-real-key',
  SMS_TEMPLATE_ID: 'e2e-template',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1000000000000000000',
  // Never reached: nothing here pays.
  RAZORPAY_KEY_ID: 'rzp_live_e2enotreal',
  RAZORPAY_KEY_SECRET: 'not-a-real-secret',
  RAZORPAY_WEBHOOK_SECRET: 'not-a-real-webhook-secret',
};

describe('Auth cookies and provider in production', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: PRODUCTION_ENV });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('names the refresh cookie __Host-paylock_refresh, Secure, HttpOnly, SameSite=Strict, Path=/', async () => {
    const response = await request(testApp.server)
      .post(`${AUTH}/refresh-token`)
      .set({ 'X-Requested-With': 'paylock', Origin: 'https://paylock.in' })
      .expect(401);
    const [cookie = ''] = setCookies(response);
    expect(cookie).toMatch(/^__Host-paylock_refresh=;/);
    for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']) {
      expect(cookie).toContain(attribute);
    }
    expect(cookie).not.toContain('Domain');
  });

  it('sends sign-in to Google with a __Host- state cookie and the https callback', async () => {
    const response = await request(testApp.server).get(`${AUTH}/google?intent=login`).expect(302);
    const target = new URL(response.headers.location as string);
    expect(target.origin + target.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(target.searchParams.get('redirect_uri')).toBe(
      'https://paylock.in/api/v1/auth/google/callback',
    );
    const [cookie = ''] = setCookies(response);
    expect(cookie).toMatch(/^__Host-paylock_oauth_state=/);
    for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) {
      expect(cookie).toContain(attribute);
    }
  });

  it('says Google is the identity provider', async () => {
    const response = await request(testApp.server).get(`${AUTH}/identity-provider`).expect(200);
    expect(response.body).toEqual({ kind: 'google' });
  });
});
