import { createHmac } from 'node:crypto';
import request from 'supertest';
import {
  APP_ORIGIN,
  AUTH,
  cookieValue,
  CSRF_HEADERS,
  type ErrorBody,
  newBrowser,
  type SessionBody,
  setCookies,
  authTestEnv,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';

const ASHA = {
  sub: 'google-sub-asha',
  email: 'Asha.Verma@gmail.com',
  name: 'Asha Verma',
  picture: 'https://lh3.googleusercontent.com/a/asha',
};

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('Auth API with Google ID tokens, sessions and access tokens', () => {
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
    idp.setNextIdentity(ASHA);
  });

  const api = () => request(testApp.server);

  async function register(expectedStatus: number): Promise<request.Response> {
    const credential = await idp.issueIdToken();
    return api().post(`${AUTH}/register`).send({ credential }).expect(expectedStatus);
  }

  describe('POST register and login', () => {
    it('registers a verified Google identity: access token, user, refresh cookie, no-store', async () => {
      const response = await register(201);
      const body = response.body as SessionBody;
      expect(body).toEqual({
        success: true,
        accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
        message: 'Registration successful',
        user: {
          displayName: 'Asha Verma',
          email: 'asha.verma@gmail.com',
          photoURL: 'https://lh3.googleusercontent.com/a/asha',
          roles: ['creator'],
        },
      });
      expect(response.headers['cache-control']).toBe('no-store');
      const [cookie] = setCookies(response);
      expect(cookie).toMatch(/^paylock_refresh=[\w-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('Expires=');
      expect(cookie).not.toContain('Secure');
      expect(cookie).not.toContain('Domain');
    });

    it('refuses to register the same Google account twice', async () => {
      const response = await register(400);
      expect(response.body).toMatchObject({
        code: 'ALREADY_REGISTERED',
        message: 'This Google account is already registered. Please sign in.',
      });
      expect((response.body as ErrorBody).message).toContain('already registered');
    });

    it('signs a registered account in', async () => {
      const credential = await idp.issueIdToken();
      const response = await api().post(`${AUTH}/login`).send({ credential }).expect(200);
      expect(response.body).toMatchObject({ success: true, user: { displayName: 'Asha Verma' } });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(cookieValue(response, 'paylock_refresh')).toMatch(/^[\w-]{43}$/);
    });

    it('answers 404 ACCOUNT_NOT_FOUND for a sign-in of an unknown Google account', async () => {
      idp.setNextIdentity({ ...ASHA, sub: 'google-sub-unknown', email: 'nobody@gmail.com' });
      const credential = await idp.issueIdToken();
      const response = await api().post(`${AUTH}/login`).send({ credential }).expect(404);
      expect(response.body).toMatchObject({
        code: 'ACCOUNT_NOT_FOUND',
        message: 'No Paylock account exists for this Google account yet. Please sign up first.',
      });
    });

    it.each([
      [
        'a forged signature (a key the provider does not publish)',
        {},
        { signWithUnknownKey: true },
      ],
      ['another audience', { aud: 'someone-elses-client-id' }, {}],
      ['another issuer', { iss: 'https://issuer.example' }, {}],
      ['an expired token', {}, { expiresInSeconds: -120 }],
      ['an unverified e-mail', { email_verified: false }, {}],
    ])('answers 401 INVALID_CREDENTIAL for %s', async (_case, claims, options) => {
      const credential = await idp.issueIdToken(claims, options);
      for (const endpoint of ['register', 'login']) {
        const response = await api().post(`${AUTH}/${endpoint}`).send({ credential }).expect(401);
        expect(response.body).toMatchObject({ code: 'INVALID_CREDENTIAL' });
        expect(setCookies(response)).toEqual([]);
      }
    });

    it('refuses a sign-up or sign-in posted from a foreign origin, e.g. an auto-submitted form (login CSRF)', async () => {
      const credential = await idp.issueIdToken();
      for (const endpoint of ['register', 'login']) {
        // An auto-submitted form is refused before it is read; JSON (a script) by its Origin.
        const form = await api()
          .post(`${AUTH}/${endpoint}`)
          .set('Origin', 'https://evil.example')
          .type('form')
          .send({ credential })
          .expect(415);
        expect(setCookies(form)).toEqual([]);
        const response = await api()
          .post(`${AUTH}/${endpoint}`)
          .set('Origin', 'https://evil.example')
          .send({ credential })
          .expect(403);
        expect(response.body).toMatchObject({ code: 'CSRF_REJECTED' });
        expect(setCookies(response)).toEqual([]);
      }
      const fromTheApp = await api()
        .post(`${AUTH}/login`)
        .set('Origin', APP_ORIGIN)
        .send({ credential })
        .expect(200);
      expect(cookieValue(fromTheApp, 'paylock_refresh')).toMatch(/^[\w-]{43}$/);
    });

    it('never trusts identity fields sent by the client', async () => {
      const response = await api()
        .post(`${AUTH}/login`)
        .send({ googleId: ASHA.sub, email: ASHA.email, displayName: 'Asha', photoURL: '' })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { credential: 'credential is required' },
      });
    });
  });

  describe('access tokens', () => {
    let accessToken: string;

    beforeAll(async () => {
      const credential = await idp.issueIdToken();
      const response = await api().post(`${AUTH}/login`).send({ credential }).expect(200);
      accessToken = (response.body as SessionBody).accessToken;
    });

    it('GET me answers the signed-in user for a valid bearer token', async () => {
      const response = await api()
        .get(`${AUTH}/me`)
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(200);
      expect(response.body).toEqual({
        displayName: 'Asha Verma',
        email: 'asha.verma@gmail.com',
        photoURL: 'https://lh3.googleusercontent.com/a/asha',
        roles: ['creator'],
      });
    });

    it('carries sub, sid, jti, iss paylock and aud paylock-api, signed with HS256', () => {
      const [header = '', payload = ''] = accessToken.split('.');
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
        alg: 'HS256',
      });
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      expect(claims).toMatchObject({ iss: 'paylock', aud: 'paylock-api' });
      expect(Object.keys(claims).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'sid', 'sub']);
      expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    });

    it('answers 401 without a token, and for tampered, alg:none and foreign-key tokens', async () => {
      const [header = '', payload = '', signature = ''] = accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const tampered = `${header}.${base64url({ ...claims, sub: '000000000000000000000000' })}.${signature}`;
      const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      const unsigned = `${header}.${payload}.`;
      const foreignBody = `${header}.${payload}`;
      const foreignKey = `${foreignBody}.${createHmac('sha256', 'another-secret-another-secret-!!').update(foreignBody).digest('base64url')}`;
      for (const token of [tampered, algNone, unsigned, foreignKey, 'not-a-jwt']) {
        const response = await api()
          .get(`${AUTH}/me`)
          .set('Authorization', `Bearer ${token}`)
          .expect(401);
        expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      await api().get(`${AUTH}/me`).expect(401);
    });
  });

  describe('refresh, CSRF and logout', () => {
    it('rotates the refresh cookie on every refresh and answers a new access token', async () => {
      const browser = newBrowser(testApp.server);
      const credential = await idp.issueIdToken();
      const login = await browser.post(`${AUTH}/login`).send({ credential }).expect(200);
      const first = cookieValue(login, 'paylock_refresh');

      const refreshed = await browser.post(`${AUTH}/refresh-token`).set(CSRF_HEADERS).expect(200);
      const second = cookieValue(refreshed, 'paylock_refresh');
      expect(second).toMatch(/^[\w-]{43}$/);
      expect(second).not.toBe(first);
      expect(refreshed.headers['cache-control']).toBe('no-store');
      expect(refreshed.body).toMatchObject({
        success: true,
        message: 'Session refreshed',
        user: { email: 'asha.verma@gmail.com' },
      });

      const again = await browser.post(`${AUTH}/refresh-token`).set(CSRF_HEADERS).expect(200);
      expect(cookieValue(again, 'paylock_refresh')).not.toBe(second);
    });

    it('lets a second tab replay the just-rotated cookie within the grace window, keeping the session', async () => {
      const credential = await idp.issueIdToken();
      const login = await api().post(`${AUTH}/login`).send({ credential }).expect(200);
      const cookie = `paylock_refresh=${cookieValue(login, 'paylock_refresh') ?? ''}`;
      const firstTab = await api()
        .post(`${AUTH}/refresh-token`)
        .set(CSRF_HEADERS)
        .set('Cookie', cookie)
        .expect(200);
      const secondTab = await api()
        .post(`${AUTH}/refresh-token`)
        .set(CSRF_HEADERS)
        .set('Cookie', cookie)
        .expect(200);
      expect((secondTab.body as SessionBody).accessToken).toBeTruthy();
      // Both answers name the same successor: whichever the browser keeps, it holds the live token.
      expect(cookieValue(secondTab, 'paylock_refresh')).toBe(
        cookieValue(firstTab, 'paylock_refresh'),
      );
      const successor = `paylock_refresh=${cookieValue(firstTab, 'paylock_refresh') ?? ''}`;
      await api()
        .post(`${AUTH}/refresh-token`)
        .set(CSRF_HEADERS)
        .set('Cookie', successor)
        .expect(200);
    });

    it('answers 401 SESSION_EXPIRED and clears the cookie without a valid refresh cookie', async () => {
      for (const cookie of [undefined, 'paylock_refresh=unknown-token']) {
        const call = api().post(`${AUTH}/refresh-token`).set(CSRF_HEADERS);
        const response = await (cookie ? call.set('Cookie', cookie) : call).expect(401);
        expect(response.body).toMatchObject({ code: 'SESSION_EXPIRED' });
        expect(cookieValue(response, 'paylock_refresh')).toBe('');
      }
    });

    it('refuses a refresh from a foreign Origin or without the custom header (403 CSRF_REJECTED)', async () => {
      const browser = newBrowser(testApp.server);
      const credential = await idp.issueIdToken();
      await browser.post(`${AUTH}/login`).send({ credential }).expect(200);

      const foreign = await browser
        .post(`${AUTH}/refresh-token`)
        .set({ ...CSRF_HEADERS, Origin: 'https://evil.example' })
        .expect(403);
      expect(foreign.body).toMatchObject({ code: 'CSRF_REJECTED' });
      const headerless = await browser
        .post(`${AUTH}/refresh-token`)
        .set('Origin', APP_ORIGIN)
        .expect(403);
      expect(headerless.body).toMatchObject({ code: 'CSRF_REJECTED' });
      expect(setCookies(headerless)).toEqual([]);

      // Without an Origin header (same-origin GET-less clients), the custom header suffices.
      await browser.post(`${AUTH}/refresh-token`).set('X-Requested-With', 'paylock').expect(200);
    });

    it('lets the app origin send the custom header cross-origin (CORS preflight)', async () => {
      const response = await api()
        .options(`${AUTH}/refresh-token`)
        .set('Origin', APP_ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'x-requested-with,authorization')
        .expect(204);
      expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(String(response.headers['access-control-allow-headers'])).toContain(
        'x-requested-with',
      );
    });

    it('logs out: the session ends, its access token stops working and the cookie is cleared', async () => {
      const browser = newBrowser(testApp.server);
      const credential = await idp.issueIdToken();
      const login = await browser.post(`${AUTH}/login`).send({ credential }).expect(200);
      const { accessToken } = login.body as SessionBody;

      await browser
        .post(`${AUTH}/logout`)
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(403); // the CSRF rule applies to logout too
      const logout = await browser
        .post(`${AUTH}/logout`)
        .set(CSRF_HEADERS)
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(200);
      expect(logout.body).toEqual({ success: true, message: 'Logout Successfull' });
      expect(cookieValue(logout, 'paylock_refresh')).toBe('');

      await api().get(`${AUTH}/me`).set('Authorization', `Bearer ${accessToken}`).expect(401);
      const cookie = `paylock_refresh=${cookieValue(login, 'paylock_refresh') ?? ''}`;
      const refresh = await api()
        .post(`${AUTH}/refresh-token`)
        .set(CSRF_HEADERS)
        .set('Cookie', cookie)
        .expect(401);
      expect(refresh.body).toMatchObject({ code: 'SESSION_EXPIRED' });
    });

    it('answers 401 to a logout without a valid access token', async () => {
      await api().post(`${AUTH}/logout`).set(CSRF_HEADERS).expect(401);
    });
  });
});
