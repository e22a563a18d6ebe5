import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'mongoose';
import { APP_ORIGIN, AUTH, CSRF_HEADERS, setCookies } from './support/auth-flow.js';
import type { IdentityProvider } from '@paylock/identity-provider';
import {
  type RoundRobinProxy,
  SERVED_BY_HEADER,
  startRoundRobinProxy,
} from './support/round-robin-proxy.js';
import { startTwoInstances, type TwoInstances } from './support/two-instances.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const WAITLIST_LIMIT = 10; // the default RATE_LIMIT_WAITLIST_PER_MINUTE
/** Fewer seconds left in the client's rate-limit window than this: wait for the next one. */
const SECONDS_NEEDED_IN_WINDOW = 10;

interface Answer {
  status: number;
  servedBy: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

interface Sent {
  method?: string;
  body?: object;
  headers?: Record<string, string>;
  /** The client's own address (any 127.x.y.z on Linux): another address is another client. */
  from?: string;
}

/**
 * Two compiled API processes (`node dist/main.js`) on one database, behind one origin: a proxy
 * that sends each request to the next instance in turn, so consecutive requests are always
 * served by different instances.
 */
describe('two API instances behind one origin', () => {
  let harness: TwoInstances;
  let database: Connection;
  let idp: IdentityProvider;
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    harness = await startTwoInstances('scale', {
      RATE_LIMIT_AUTH_PER_MINUTE: '30',
      TRUST_PROXY: 'true',
      REFRESH_REUSE_GRACE_SECONDS: '0', // a replay is a replay, however soon
    });
    ({ database, idp } = harness);
    proxy = await startRoundRobinProxy(
      harness.instances.map((instance, index) => ({
        name: index ? 'B' : 'A',
        url: `http://127.0.0.1:${instance.port}`,
      })),
    );
  }, 180_000);

  afterAll(async () => {
    await proxy.close();
    await harness.stop();
  });

  function send(path: string, { method = 'GET', body, headers = {}, from }: Sent = {}) {
    const { port } = new URL(proxy.url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          localAddress: from,
          headers: {
            ...(payload && { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          incoming.on('end', () => {
            resolve({
              status: incoming.statusCode ?? 0,
              servedBy: String(incoming.headers[SERVED_BY_HEADER]),
              headers: incoming.headers,
              body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  describe('the waitlist rate limit', () => {
    let person = 0;
    const join = (from?: string) =>
      send(WAITLIST, { method: 'POST', body: waitlistSubmission(++person), from });
    const secondsLeft = (answer: Answer) =>
      Number(answer.headers['x-ratelimit-reset-waitlist'] ?? 0);

    it('accepts 10 submissions a minute from one client across both instances, and refuses the 11th on either', async () => {
      let accepted = [await join()];
      if (secondsLeft(accepted[0] as Answer) < SECONDS_NEEDED_IN_WINDOW) {
        // Fixed windows: start the burst in a fresh one, so that all of it falls in one.
        await sleep((secondsLeft(accepted[0] as Answer) + 1) * 1000);
        accepted = [];
      }
      while (accepted.length < WAITLIST_LIMIT) accepted.push(await join());

      expect(accepted.map((answer) => answer.status)).toEqual(Array(WAITLIST_LIMIT).fill(201));
      expect(new Set(accepted.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
      // One budget, counted down by both instances in turn.
      expect(accepted.map((answer) => answer.headers['x-ratelimit-remaining-waitlist'])).toEqual([
        '9',
        '8',
        '7',
        '6',
        '5',
        '4',
        '3',
        '2',
        '1',
        '0',
      ]);

      const refused = [await join(), await join()];
      expect(new Set(refused.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        expect(Number(answer.headers['retry-after-waitlist'])).toBeGreaterThan(0);
      }
      const stored = await database.collection('waitlist_entries').countDocuments();
      expect(stored).toBe(person - 2);

      // Another client (another address at the proxy) has its own budget.
      expect((await join('127.0.0.2')).status).toBe(201);
    }, 90_000);
  });

  describe('sessions', () => {
    const refresh = (token: string) =>
      send(`${AUTH}/refresh-token`, {
        method: 'POST',
        headers: { ...CSRF_HEADERS, cookie: `paylock_refresh=${token}` },
      });
    const me = (accessToken: string) =>
      send(`${AUTH}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    const refreshCookieOf = (answer: Answer) =>
      setCookies(answer)
        .find((cookie) => cookie.startsWith('paylock_refresh='))
        ?.slice('paylock_refresh='.length)
        .split(';')[0] ?? '';

    it('signs in on one instance, is recognised on the other, and refuses on one a refresh token rotated on the other', async () => {
      idp.setNextIdentity({ sub: 'google-sub-meera', email: 'meera@gmail.com', name: 'Meera' });
      const signUp = await send(`${AUTH}/register`, {
        method: 'POST',
        headers: { origin: APP_ORIGIN },
        body: { credential: await idp.issueIdToken() },
      });
      expect(signUp.status).toBe(201);
      const accessToken = String(signUp.body.accessToken);
      const firstToken = refreshCookieOf(signUp);

      const recognised = await me(accessToken);
      expect(recognised.servedBy).not.toBe(signUp.servedBy);
      expect(recognised.status).toBe(200);
      expect(recognised.body).toMatchObject({ email: 'meera@gmail.com' });

      const rotation = await refresh(firstToken);
      expect(rotation.status).toBe(200);
      const secondToken = refreshCookieOf(rotation);
      expect(secondToken).not.toBe('');

      const replay = await refresh(firstToken);
      expect(replay.servedBy).not.toBe(rotation.servedBy);
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ code: 'SESSION_EXPIRED' });

      // Reuse detection ended the whole session, for both instances.
      const successor = await refresh(secondToken);
      expect(successor.status).toBe(401);
      const afterRevocation = [await me(accessToken), await me(accessToken)];
      expect(afterRevocation.map((answer) => answer.status)).toEqual([401, 401]);
      expect(new Set(afterRevocation.map((answer) => answer.servedBy))).toEqual(
        new Set(['A', 'B']),
      );
    });
  });
});
