import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import request from 'supertest';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  cookieValue,
  CSRF_HEADERS,
  newBrowser,
  type SessionBody,
  setCookies,
  signInThroughProvider,
} from './support/auth-flow.js';
import { Clock } from '../src/common/application/clock.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';
import { findFreePort } from './support/ferretdb-process.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { testDatabaseUri } from './support/test-database.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

/*
 * The API's security posture in one place. Covered elsewhere and not repeated here:
 * - Google ID tokens with a forged signature, another audience or issuer, expired, unverified
 *   e-mail; access tokens tampered, `alg: none`, unsigned, signed with another key; login CSRF
 *   from a foreign origin: auth-credentials.e2e-spec.ts.
 * - A replayed (rotated) refresh token revokes the whole session; two refreshes racing with one
 *   token: auth-sessions.e2e-spec.ts. The session, its access token and its refresh cookie end at
 *   logout: auth-credentials.e2e-spec.ts.
 * - In production both cookies are `__Host-`, Secure, HttpOnly, Path=/: auth-production.e2e-spec.ts.
 * - OAuth state bound to the browser, single use, PKCE: auth-google-redirect.e2e-spec.ts.
 */

const API = '/api/v1';
const WAITLIST = `${API}/extra/waitlist`;
const JWT_SECRET = 'security-e2e-secret-security-e2e-secret!';
const SECOND_APP_ORIGIN = 'https://app.paylock.test';
const FOREIGN_ORIGINS = [
  'https://evil.example',
  'https://app.paylock.test.evil.example',
  'https://evil-app.paylock.test',
  'http://app.paylock.test', // the allowed origin's host over http
  'https://app.paylock.test:8443',
  'http://localhost:5174',
  'null',
];

/** helmet's defaults (CSP without upgrade-insecure-requests, see configure-app.ts). */
const SECURITY_HEADERS: Record<string, string | RegExp> = {
  'content-security-policy':
    /^default-src 'self';.*frame-ancestors 'self';.*object-src 'none';script-src 'self';script-src-attr 'none';/,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

type Headers = Record<string, string | string[] | undefined>;

function expectSecurityHeaders(headers: Headers): void {
  for (const [name, expected] of Object.entries(SECURITY_HEADERS)) {
    if (typeof expected === 'string') expect([name, headers[name]]).toEqual([name, expected]);
    else expect([name, headers[name]]).toEqual([name, expect.stringMatching(expected)]);
  }
  expect(headers['x-powered-by']).toBeUndefined();
  expect(String(headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
}

/** Anything of the runtime, the driver or a library that an error body must never carry. */
const INTERNALS =
  /\bat .+[(:]\d+|node_modules|\/work\/|\.(?:ts|js)\b|mongo|bson|E11000|ECONN|zlib|incorrect header|Unexpected token|position \d|SyntaxError|TypeError|RangeError|Cast to|class-transformer|stack/i;
/** Every collection a request body can end up in. */
const STORES = ['waitlist_entries', 'users', 'auth_sessions'];
const ERROR_BODY_KEYS = ['statusCode', 'code', 'message', 'errors', 'details', 'requestId'];

/** The uniform error body, with nothing internal in it. */
function expectUniformErrorBody(response: { status: number; body: unknown; headers: Headers }) {
  const body = response.body as Record<string, unknown>;
  expect(Object.keys(body).filter((key) => !ERROR_BODY_KEYS.includes(key))).toEqual([]);
  expect(body).toMatchObject({
    statusCode: response.status,
    code: expect.stringMatching(/^[A-Z_]+$/) as unknown,
    message: expect.any(String) as unknown,
    requestId: response.headers['x-request-id'],
  });
  expect(JSON.stringify(body)).not.toMatch(INTERNALS);
}

/** A raw HTTP/1.1 exchange, for requests no HTTP client library sends. */
function rawExchange(port: number, requestText: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requestText));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => {
      resolve(received);
    });
    socket.on('error', reject);
  });
}

/** Status, headers (lower-cased) and JSON body of a raw HTTP answer. */
function parseRaw(received: string): { status: number; headers: Headers; body: unknown } {
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

describe('security posture of the API', () => {
  let idp: IdentityProvider;

  beforeAll(async () => {
    idp = await startIdentityProvider();
  });

  afterAll(async () => {
    await idp.stop();
  });

  describe('with its database up and generous rate limits', () => {
    let testApp: TestApp;
    let port: number;
    const api = () => request(testApp.server);
    const countOf = (collection: string) =>
      testApp.connection.collection(collection).countDocuments();

    beforeAll(async () => {
      testApp = await createTestApp({
        env: authTestEnv(idp, {
          CORS_ORIGINS: `${APP_ORIGIN},${SECOND_APP_ORIGIN}`,
          RATE_LIMIT_WAITLIST_PER_MINUTE: '1000',
          JWT_SECRET,
        }),
      });
      await testApp.app.listen(0, '127.0.0.1');
      port = (testApp.app.getHttpServer().address() as AddressInfo).port;
    });

    afterAll(async () => {
      await testApp.close();
    });

    let identities = 0;
    beforeEach(() => {
      // A Google account and an address of its own each time: a verified e-mail that already
      // belongs to an account gets no second account (#28).
      identities += 1;
      idp.setNextIdentity({
        sub: `sub-${Date.now()}-${identities}`,
        email: `asha.${identities}@gmail.com`,
        name: 'Asha',
      });
    });

    describe('security headers', () => {
      const kinds: [string, () => request.Test, number][] = [
        ['liveness', () => api().get(`${API}/health/live`), 200],
        ['readiness', () => api().get(`${API}/health`), 200],
        ['waitlist stats', () => api().get(`${WAITLIST}/stats`), 200],
        ['a waitlist entry', () => api().post(WAITLIST).send(waitlistSubmission(1)), 201],
        [
          'a CORS preflight',
          () =>
            api()
              .options(WAITLIST)
              .set('Origin', APP_ORIGIN)
              .set('Access-Control-Request-Method', 'POST'),
          204,
        ],
        ['the sign-in redirect', () => api().get(`${AUTH}/google?intent=login`), 302],
        ['a validation failure', () => api().post(WAITLIST).send({}), 400],
        [
          'malformed JSON',
          () => api().post(WAITLIST).set('Content-Type', 'application/json').send('{'),
          400,
        ],
        ['no access token', () => api().get(`${AUTH}/me`), 401],
        ['a refused CSRF check', () => api().post(`${AUTH}/refresh-token`), 403],
        ['an unknown API path', () => api().get(`${API}/nope`), 404],
        ['a path outside the API', () => api().get('/index.php'), 404],
        [
          'a 409',
          () =>
            api()
              .post(WAITLIST)
              .send({ ...waitlistSubmission(2), phoneNumber: waitlistSubmission(1).phoneNumber }),
          409,
        ],
        [
          'an oversized body',
          () =>
            api()
              .post(WAITLIST)
              .set('Content-Type', 'application/json')
              .send(JSON.stringify({ fullName: 'x'.repeat(200_000) })),
          413,
        ],
        [
          'an unsupported encoding',
          () =>
            api()
              .post(WAITLIST)
              .set('Content-Type', 'application/json')
              .set('Content-Encoding', 'xyz')
              .send('{}'),
          415,
        ],
        ['Swagger UI', () => api().get('/api/docs'), 200],
        ['the OpenAPI document', () => api().get('/api/docs-json'), 200],
      ];

      it.each(kinds)('on %s', async (_kind, send, status) => {
        const response = await send();
        expect(response.status).toBe(status);
        expectSecurityHeaders(response.headers);
      });
    });

    describe('cookies', () => {
      it('are all HttpOnly, SameSite, Path=/, host-only, and never in a body', async () => {
        const browser = newBrowser(testApp.server);
        const start = await browser.get(`${AUTH}/google?intent=signup`).expect(302);
        const signUp = await signInThroughProvider(browser, 'signup');
        const refreshed = await browser.post(`${AUTH}/refresh-token`).set(CSRF_HEADERS).expect(200);
        const { accessToken } = refreshed.body as SessionBody;
        const logout = await browser
          .post(`${AUTH}/logout`)
          .set(CSRF_HEADERS)
          .set('Authorization', `Bearer ${accessToken}`)
          .expect(200);
        const expired = await api().post(`${AUTH}/refresh-token`).set(CSRF_HEADERS).expect(401);

        const responses = [start, signUp.response, refreshed, logout, expired];
        const cookies = responses.flatMap(setCookies);
        expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(
          expect.arrayContaining(['paylock_oauth_state', 'paylock_refresh']),
        );
        for (const cookie of cookies) {
          expect(cookie).toMatch(/; HttpOnly(;|$)/);
          expect(cookie).toMatch(/; SameSite=(Strict|Lax)(;|$)/);
          expect(cookie).toMatch(/; Path=\/(;|$)/);
          expect(cookie).not.toMatch(/; Domain=/i);
        }
        // Only the state cookie is Lax: it must come back on the provider's redirect.
        for (const cookie of cookies.filter((line) => line.startsWith('paylock_refresh='))) {
          expect(cookie).toContain('SameSite=Strict');
        }
        const refreshToken = cookieValue(refreshed, 'paylock_refresh') ?? '';
        expect(refreshToken).toMatch(/^[\w-]{43}$/);
        expect(JSON.stringify(refreshed.body)).not.toContain(refreshToken);
      });
    });

    describe('CORS', () => {
      it.each(FOREIGN_ORIGINS)(
        'never lets the foreign origin %s read an answer, preflight or not',
        async (origin) => {
          const answers = await Promise.all([
            api().get(`${API}/health/live`).set('Origin', origin),
            api().post(WAITLIST).set('Origin', origin).send({}),
            api()
              .options(`${AUTH}/refresh-token`)
              .set('Origin', origin)
              .set('Access-Control-Request-Method', 'POST')
              .set('Access-Control-Request-Headers', 'x-requested-with'),
          ]);
          for (const answer of answers) {
            expect(answer.headers['access-control-allow-origin']).toBeUndefined();
            expect(answer.headers.vary).toContain('Origin');
          }
        },
      );

      it.each([APP_ORIGIN, SECOND_APP_ORIGIN])(
        'answers the preflight of the allowed origin %s, with credentials',
        async (origin) => {
          const preflight = await api()
            .options(`${AUTH}/refresh-token`)
            .set('Origin', origin)
            .set('Access-Control-Request-Method', 'POST')
            .set('Access-Control-Request-Headers', 'x-requested-with,content-type')
            .expect(204);
          expect(preflight.headers).toMatchObject({
            'access-control-allow-origin': origin,
            'access-control-allow-credentials': 'true',
          });
          expect(preflight.headers['access-control-allow-methods']).toContain('POST');
          const answer = await api().get(`${API}/health/live`).set('Origin', origin).expect(200);
          expect(answer.headers['access-control-allow-origin']).toBe(origin);
          expect(answer.headers['access-control-allow-origin']).not.toBe('*');
        },
      );
    });

    describe('requests it refuses', () => {
      it.each([
        [`${API}/health`, 405, 'METHOD_NOT_ALLOWED'],
        [WAITLIST, 405, 'METHOD_NOT_ALLOWED'],
        [`${API}/nope`, 404, 'NOT_FOUND'],
        ['/', 404, 'NOT_FOUND'],
      ])(
        'refuses TRACE %s with %i %s, echoing nothing of the request',
        async (path, status, code) => {
          const response = await api()
            .trace(path)
            .set('Cookie', 'paylock_refresh=trace-marker-cookie')
            .set('Authorization', 'Bearer trace-marker-token')
            .expect(status);
          expect(response.body).toMatchObject({ code });
          if (status === 405) expect(response.headers.allow).not.toMatch(/TRACE/);
          expectUniformErrorBody(response);
          expectSecurityHeaders(response.headers);
          expect(response.text).not.toMatch(/trace-marker/);
        },
      );

      it("refuses TRACK, which Node's HTTP parser rejects, with the uniform 400 and the same headers", async () => {
        const answer = parseRaw(
          await rawExchange(
            port,
            'TRACK /api/v1/health HTTP/1.1\r\nHost: localhost\r\nCookie: a=track-marker\r\n\r\n',
          ),
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
        expectUniformErrorBody(answer);
        expectSecurityHeaders(answer.headers);
        expect(JSON.stringify(answer)).not.toContain('track-marker');
      });

      it('answers headers over the size limit with the uniform 431', async () => {
        const answer = parseRaw(
          await rawExchange(
            port,
            `GET /api/v1/health/live HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
          ),
        );
        expect(answer.status).toBe(431);
        expect(answer.body).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
        expectUniformErrorBody(answer);
      });

      it.each([
        ['truncated JSON', '{"fullName": "Asha",'],
        ['a bare word', 'hello'],
        ['a JSON string', '"hello"'],
        ['null', 'null'],
        ['a trailing comma', '{"fullName": "Asha",}'],
        ['single quotes', "{'fullName': 'Asha'}"],
        ['NaN', '{"fullName": NaN}'],
      ])('answers %s with 400 MALFORMED_JSON', async (_case, text) => {
        const response = await api()
          .post(WAITLIST)
          .set('Content-Type', 'application/json')
          .send(text);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'MALFORMED_JSON' });
        expectUniformErrorBody(response);
      });

      it.each([
        ['JSON', 'application/json', JSON.stringify({ fullName: 'x'.repeat(101 * 1024) })],
        // A form of any size is refused before it is read: 415 (request-boundaries.e2e-spec.ts).
      ])('answers a %s body over 100 kB with 413 PAYLOAD_TOO_LARGE', async (_kind, type, body) => {
        const response = await api().post(WAITLIST).set('Content-Type', type).send(body);
        expect(response.status).toBe(413);
        expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
        expectUniformErrorBody(response);
      });

      it('answers a gzip bomb with 413, counting the inflated size', async () => {
        const bomb = gzipSync(JSON.stringify({ credential: 'x'.repeat(10_000_000) }));
        expect(bomb.length).toBeLessThan(20_000);
        // fetch, not supertest: superagent re-encodes a Buffer sent as JSON.
        const response = await fetch(`http://127.0.0.1:${port}${AUTH}/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          body: bomb,
        });
        expect(response.status).toBe(413);
        expectUniformErrorBody({
          status: response.status,
          body: await response.json(),
          headers: Object.fromEntries(response.headers),
        });
      });

      it('answers JSON nested 50,000 deep with 400, not a stack overflow', async () => {
        const depth = 50_000;
        const response = await api()
          .post(WAITLIST)
          .set('Content-Type', 'application/json')
          .send(`{"fullName": ${'['.repeat(depth)}${']'.repeat(depth)}}`);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: { fullName: 'fullName is nested too deeply' },
        });
        await api().get(`${API}/health/live`).expect(200);
      });
    });

    describe('error bodies', () => {
      it('are uniform and carry no stack trace, path, driver or library message, on every error path', async () => {
        const credential = await idp.issueIdToken();
        await api().post(`${AUTH}/register`).send({ credential }).expect(201);
        await api().post(WAITLIST).send(waitlistSubmission(50)).expect(201);
        const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
        const errorAnswers = await Promise.all([
          api().post(WAITLIST).send({}),
          api()
            .post(WAITLIST)
            .send({ ...waitlistSubmission(51), email: 'x' }),
          api()
            .post(`${WAITLIST}/confirmations`)
            .send({ token: 'A'.repeat(43) }),
          api().post(`${WAITLIST}/confirmations`).send({ token: 'short' }),
          api()
            .post(WAITLIST)
            .send({ ...waitlistSubmission(52), phoneNumber: waitlistSubmission(50).phoneNumber }),
          api()
            .post(WAITLIST)
            .send({ ...waitlistSubmission(53), email: waitlistSubmission(50).email }),
          api().post(WAITLIST).set('Content-Type', 'application/json').send('{"a":'),
          api()
            .post(WAITLIST)
            .set('Content-Type', 'application/json')
            .set('Content-Encoding', 'gzip')
            .send('not gzip'),
          api()
            .post(WAITLIST)
            .set('Content-Type', 'application/json')
            .set('Content-Encoding', 'br')
            .send('{}'),
          api().post(WAITLIST).set('Content-Type', 'application/json; charset=latin-9').send('{}'),
          api()
            .post(WAITLIST)
            .send({ ...waitlistSubmission(54), isAdmin: true }),
          api().post(`${AUTH}/register`).send({ credential }),
          api().post(`${AUTH}/login`).send({ credential: 'not-a-jwt' }),
          api()
            .post(`${AUTH}/login`)
            .send({ credential: `${credential}x` }),
          api()
            .post(`${AUTH}/login`)
            .send({ credential: 'x'.repeat(9000) }),
          api().post(`${AUTH}/login`).set('Origin', 'https://evil.example').send({ credential }),
          api()
            .post(`${AUTH}/refresh-token`)
            .set(CSRF_HEADERS)
            .set('Cookie', 'paylock_refresh=forged'),
          api().post(`${AUTH}/logout`).set(CSRF_HEADERS),
          api().get(`${AUTH}/me`).set(bearer('a.b.c')),
          api().get(`${AUTH}/me`).set('Authorization', 'Basic YWRtaW46YWRtaW4='),
          api().get(`${AUTH}/google?intent=admin`),
          api().get(`${AUTH}/google`),
          api().get(`${API}/%E0%A4%A`),
          api().get(`${API}/..%2f..%2fetc%2fpasswd`),
          api().delete(WAITLIST),
          api().put(`${API}/health`),
        ]);
        for (const answer of errorAnswers) {
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expectUniformErrorBody(answer);
        }
      });
    });

    describe('NoSQL operators and prototype keys in request bodies', () => {
      const OPERATOR_VALUES: [string, unknown][] = [
        ['{"$gt": ""}', { $gt: '' }],
        ['{"$ne": null}', { $ne: null }],
        ['{"$where": …}', { $where: 'sleep(5000) || true' }],
        ['{"$regex": ".*"}', { $regex: '.*' }],
        ['{"$in": […]}', { $in: ['influencer', 'brand'] }],
        ['["$gt"]', ['$gt', '']],
      ];
      const BODIES: [string, string, Record<string, unknown>][] = [
        [
          'waitlist',
          WAITLIST,
          { ...waitlistSubmission(60), privacyNoticeVersion: '2026-11-23', website: '' },
        ],
        ['register', `${AUTH}/register`, { credential: 'x' }],
        ['login', `${AUTH}/login`, { credential: 'x' }],
      ];
      const cases = BODIES.flatMap(([endpoint, path, body]) =>
        Object.keys(body).flatMap((field) =>
          OPERATOR_VALUES.map(
            ([label, value]) =>
              [endpoint, field, label, path, { ...body, [field]: value }] as const,
          ),
        ),
      );

      it.each(cases)(
        '%s: %s = %s is refused 400 and stores nothing',
        async (_e, field, _l, path, body) => {
          const response = await api().post(path).send(body);
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
          expect(Object.keys((response.body as { errors: object }).errors)).toContain(field);
          expectUniformErrorBody(response);
        },
      );

      it.each(BODIES)(
        '%s: top-level operators and dotted keys are refused 400',
        async (_e, path, body) => {
          for (const extra of [
            { $where: '1' },
            { $or: [{}] },
            { 'email.$ne': 'x' },
            { 'a.b': 1 },
          ]) {
            const response = await api()
              .post(path)
              .send({ ...body, ...extra });
            expect(response.status).toBe(400);
            expect((response.body as { errors: object }).errors).toHaveProperty([
              Object.keys(extra)[0] ?? '',
            ]);
          }
        },
      );

      it.each(
        BODIES.flatMap(([endpoint, path, body]) =>
          [
            '{"__proto__": {"polluted": true}}',
            '{"constructor": {"prototype": {"polluted": true}}}',
            '{"prototype": {"polluted": true}}',
            '{"nested": {"__proto__": {"polluted": true}}}',
          ].map((extra) => [endpoint, extra, path, body] as const),
        ),
      )('%s: %s is refused 400 and pollutes nothing', async (_e, extra, path, body) => {
        const text = JSON.stringify(body).replace(/}$/, `,${extra.slice(1)}`);
        const response = await api().post(path).set('Content-Type', 'application/json').send(text);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      let countsBefore: number[];

      beforeAll(async () => {
        countsBefore = await Promise.all(STORES.map(countOf));
      });

      it('stored nothing from any of them', async () => {
        expect(await Promise.all(STORES.map(countOf))).toEqual(countsBefore);
      });

      it('treats a cookie written as JSON (cookie-parser\'s "j:" prefix) as no session', async () => {
        for (const value of ['j:{"$gt":""}', 'j:{"$ne":null}', 'j:["x"]']) {
          const response = await api()
            .post(`${AUTH}/refresh-token`)
            .set(CSRF_HEADERS)
            .set('Cookie', `paylock_refresh=${encodeURIComponent(value)}`);
          expect(response.status).toBe(401);
          expect(response.body).toMatchObject({ code: 'SESSION_EXPIRED' });
        }
      });
    });

    describe('tokens used where they do not belong', () => {
      let session: { accessToken: string; refreshToken: string; userId: string; sessionId: string };

      beforeAll(async () => {
        idp.setNextIdentity({ sub: 'sub-token-abuse', email: 'tokens@gmail.com', name: 'Tok' });
        const credential = await idp.issueIdToken();
        const signUp = await api().post(`${AUTH}/register`).send({ credential }).expect(201);
        const { accessToken } = signUp.body as SessionBody;
        const claims = JSON.parse(
          Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
        ) as { sub: string; sid: string };
        session = {
          accessToken,
          refreshToken: cookieValue(signUp, 'paylock_refresh') ?? '',
          userId: claims.sub,
          sessionId: claims.sid,
        };
      });

      /** An access token signed with the server's own secret, with these claims changed. */
      function forge(
        changes: {
          iss?: string;
          aud?: string;
          sid?: string;
          expiresAt?: number;
          alg?: string;
        } = {},
      ): Promise<string> {
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({ sid: changes.sid ?? session.sessionId })
          .setProtectedHeader({ alg: changes.alg ?? 'HS256', typ: 'JWT' })
          .setSubject(session.userId)
          .setIssuer(changes.iss ?? 'paylock')
          .setAudience(changes.aud ?? 'paylock-api')
          .setIssuedAt(now - 60)
          .setJti(crypto.randomUUID())
          .setExpirationTime(changes.expiresAt ?? now + 600)
          .sign(new TextEncoder().encode(JWT_SECRET));
      }

      const me = (token: string) => api().get(`${AUTH}/me`).set('Authorization', `Bearer ${token}`);

      it('accepts a token forged exactly as the server signs (the control for the cases below)', async () => {
        await me(await forge()).expect(200);
      });

      it.each([
        ['expired a minute ago', { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
        ['for another audience', { aud: 'someone-else' }],
        ['from another issuer', { iss: 'https://accounts.google.com' }],
        ['for a session that does not exist', { sid: '000000000000000000000000' }],
        ['signed with HS512 (the algorithm is pinned)', { alg: 'HS512' }],
      ])('answers 401 to an access token %s', async (_case, changes) => {
        const response = await me(await forge(changes)).expect(401);
        expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
      });

      it('answers 401 to a Google ID token, or the refresh token, used as the access token', async () => {
        for (const token of [await idp.issueIdToken(), session.refreshToken]) {
          const response = await me(token).expect(401);
          expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
        }
      });

      it('answers 401 SESSION_EXPIRED to the access token used as the refresh cookie', async () => {
        const response = await api()
          .post(`${AUTH}/refresh-token`)
          .set(CSRF_HEADERS)
          .set('Cookie', `paylock_refresh=${session.accessToken}`)
          .expect(401);
        expect(response.body).toMatchObject({ code: 'SESSION_EXPIRED' });
        await me(session.accessToken).expect(200); // the real session is untouched
      });
    });
  });

  describe('rate limits', () => {
    let testApp: TestApp;
    const api = () => request(testApp.server);

    beforeAll(async () => {
      testApp = await createTestApp({
        env: authTestEnv(idp, {
          MONGODB_URI: testDatabaseUri('security_limits'),
          RATE_LIMIT_WAITLIST_PER_MINUTE: '2',
          RATE_LIMIT_AUTH_PER_MINUTE: '2',
        }),
        // A clock standing still: every request falls in one minute's window, however slow.
        configure: (builder) => builder.overrideProvider(Clock).useValue(new FakeClock(new Date())),
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('answers 429 RATE_LIMITED past a budget, per group, whatever X-Forwarded-For says', async () => {
      for (const person of [1, 2]) {
        await api().post(WAITLIST).send(waitlistSubmission(person)).expect(201);
      }
      const limited = await api()
        .post(WAITLIST)
        .set('X-Forwarded-For', '203.0.113.7') // TRUST_PROXY is off: not believed
        .send(waitlistSubmission(3))
        .expect(429);
      expect(limited.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expectUniformErrorBody(limited);
      expectSecurityHeaders(limited.headers);

      // The waitlist's budget is spent; the auth group's is not.
      for (let attempt = 0; attempt < 2; attempt++) {
        await api().post(`${AUTH}/login`).send({ credential: 'x' }).expect(401);
      }
      await api().post(`${AUTH}/login`).send({ credential: 'x' }).expect(429);

      // Reads and probes are not rate limited.
      for (let read = 0; read < 10; read++) {
        await api().get(`${WAITLIST}/stats`).expect(200);
        await api().get(`${API}/health/live`).expect(200);
      }
    });

    // @nestjs/throttler's default key names the controller and handler; ours is group and client.
    it('counts every endpoint of a group against the one budget', async () => {
      // The auth budget was spent on login above.
      await api().post(`${AUTH}/register`).send({ credential: 'x' }).expect(429);
      // A browser navigation: sent back to the sign-in page with the reason, not a JSON 429.
      const start = await api().get(`${AUTH}/google?intent=login`).expect(302);
      expect(start.headers.location).toMatch(/\/login\?reason=RATE_LIMITED$/);
    });
  });

  describe('with its database down', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      const unusedPort = await findFreePort();
      testApp = await createTestApp({
        env: { MONGODB_URI: `mongodb://127.0.0.1:${unusedPort}/paylock_security_down_test` },
        waitForDatabase: false,
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('answers 503 with the same headers and a body that names no driver', async () => {
      for (const send of [
        () => request(testApp.server).get(`${API}/health`),
        () => request(testApp.server).get(`${WAITLIST}/stats`),
      ]) {
        const response = await send().expect(503);
        expectSecurityHeaders(response.headers);
        expectUniformErrorBody(response);
      }
    });
  });
});
