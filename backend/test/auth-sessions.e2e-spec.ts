import request from 'supertest';
import {
  AUTH,
  cookieValue,
  CSRF_HEADERS,
  type SessionBody,
  authTestEnv,
} from './support/auth-flow.js';
import { Clock } from '../src/common/application/clock.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';

describe('Auth sessions: reuse detection and rate limit', () => {
  let idp: IdentityProvider;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    idp.setNextIdentity({ sub: 'google-sub-ravi', email: 'ravi@gmail.com', name: 'Ravi' });
  });

  afterAll(async () => {
    await idp.stop();
  });

  describe('without a grace window', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({
        env: authTestEnv(idp, { REFRESH_REUSE_GRACE_SECONDS: '0' }),
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    const refreshWith = (token: string) =>
      request(testApp.server)
        .post(`${AUTH}/refresh-token`)
        .set(CSRF_HEADERS)
        .set('Cookie', `paylock_refresh=${token}`);

    it('revokes the whole session when a rotated refresh token comes back', async () => {
      const credential = await idp.issueIdToken();
      const signUp = await request(testApp.server)
        .post(`${AUTH}/register`)
        .send({ credential })
        .expect(201);
      const { accessToken } = signUp.body as SessionBody;
      const stolen = cookieValue(signUp, 'paylock_refresh') ?? '';

      const legitimate = await refreshWith(stolen).expect(200);
      const successor = cookieValue(legitimate, 'paylock_refresh') ?? '';

      const replay = await refreshWith(stolen).expect(401);
      expect(replay.body).toMatchObject({ code: 'SESSION_EXPIRED' });

      // The family is gone: the successor no longer refreshes and access tokens stop working.
      await refreshWith(successor).expect(401);
      await request(testApp.server)
        .get(`${AUTH}/me`)
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(401);
    });

    it('lets exactly one of two simultaneous refreshes with the same token rotate it', async () => {
      const credential = await idp.issueIdToken();
      const login = await request(testApp.server)
        .post(`${AUTH}/login`)
        .send({ credential })
        .expect(200);
      const token = cookieValue(login, 'paylock_refresh') ?? '';
      const answers = await Promise.all([refreshWith(token), refreshWith(token)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
      const winner = answers.find((answer) => answer.status === 200);
      const loser = answers.find((answer) => answer.status === 401);
      const rotated = winner && cookieValue(winner, 'paylock_refresh');
      expect(rotated).toMatch(/\S/);
      expect(rotated).not.toBe(token);
      expect(loser?.body).toMatchObject({ code: 'SESSION_EXPIRED' });
    });
  });

  describe('with the default grace window (a reload during a refresh)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({ env: authTestEnv(idp) });
    });

    afterAll(async () => {
      await testApp.close();
    });

    const refreshWith = (token: string) =>
      request(testApp.server)
        .post(`${AUTH}/refresh-token`)
        .set(CSRF_HEADERS)
        .set('Cookie', `paylock_refresh=${token}`);

    let people = 0;
    async function signedInCookie(): Promise<string> {
      people += 1;
      const email = `reload-${String(people)}@gmail.com`;
      idp.setNextIdentity({ sub: `google-sub-reload-${String(people)}`, email, name: 'Reload' });
      const signUp = await request(testApp.server)
        .post(`${AUTH}/register`)
        .send({ credential: await idp.issueIdToken() })
        .expect(201);
      return cookieValue(signUp, 'paylock_refresh') ?? '';
    }

    it('gives the reloaded page, which still sends the rotated cookie, the same successor', async () => {
      const cookie = await signedInCookie();
      // The page's refresh rotated the token, then a reload aborted it: its answer (and the new
      // cookie) never reached the cookie jar.
      const lost = await refreshWith(cookie).expect(200);
      const reloaded = await refreshWith(cookie).expect(200);

      const successor = cookieValue(reloaded, 'paylock_refresh');
      expect(successor).toBe(cookieValue(lost, 'paylock_refresh'));
      // The next refresh (another reload, or the access token's expiry) goes on with that cookie.
      const next = await refreshWith(successor ?? '').expect(200);
      expect(cookieValue(next, 'paylock_refresh')).toMatch(/^[\w-]{43}$/);
    });

    it('answers two simultaneous refreshes with the same cookie alike', async () => {
      const cookie = await signedInCookie();
      const answers = await Promise.all([refreshWith(cookie), refreshWith(cookie)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const [first, second] = answers.map((answer) => cookieValue(answer, 'paylock_refresh'));
      expect(first).toMatch(/^[\w-]{43}$/);
      expect(second).toBe(first);
    });

    it('still ends the session when the rotated cookie comes back after its successor rotated', async () => {
      const cookie = await signedInCookie();
      const first = await refreshWith(cookie).expect(200);
      await refreshWith(cookieValue(first, 'paylock_refresh') ?? '').expect(200);

      const replay = await refreshWith(cookie).expect(401);
      expect(replay.body).toMatchObject({ code: 'SESSION_EXPIRED' });
    });
  });

  describe('rate limit', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({
        env: authTestEnv(idp, { RATE_LIMIT_AUTH_PER_MINUTE: '3' }),
        // A clock standing still: the four logins fall in one minute's window, however slow.
        configure: (builder) => builder.overrideProvider(Clock).useValue(new FakeClock(new Date())),
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('answers 429 RATE_LIMITED once a client exceeds the auth budget', async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await request(testApp.server).post(`${AUTH}/login`).send({ credential: 'x' }).expect(401);
      }
      const limited = await request(testApp.server)
        .post(`${AUTH}/login`)
        .send({ credential: 'x' })
        .expect(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });
});
