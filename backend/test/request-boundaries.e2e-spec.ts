import request from 'supertest';
import { ErrorMessage } from '../src/common/presentation/error-code.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const API = '/api/v1';
const WAITLIST = `${API}/extra/waitlist`;
const AUTH = `${API}/auth`;
const INVALID = 'Bearer realm="paylock", error="invalid_token"';

/** Regression tests of an outside security test's findings at the API's boundary. */
describe('what the API takes at its boundary', () => {
  describe('request bodies: JSON in UTF-8, nothing else', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });

    afterAll(async () => {
      await testApp.close();
    });

    const person = waitlistSubmission(1);
    const asJson = JSON.stringify(person);
    const asForm = new URLSearchParams(person).toString();

    it.each([
      ['an HTML form (urlencoded)', 'application/x-www-form-urlencoded', asForm],
      ['a multipart form', 'multipart/form-data; boundary=x', `--x\r\n\r\n${asJson}\r\n--x--\r\n`],
      ['a text/plain form', 'text/plain', asJson],
      ['JSON in UTF-7', 'application/json; charset=utf-7', asJson],
      ['JSON in UTF-16', 'application/json; charset=utf-16', asJson],
      ['JSON in Latin-1', 'application/json; charset=iso-8859-1', asJson],
      ['a JSON variant', 'application/merge-patch+json', asJson],
      ['JSON with another parameter', 'application/json; profile=x', asJson],
      ['no content type', undefined, asJson],
    ])(
      'answers %s with 415 on every JSON operation, and stores nothing',
      async (_kind, type, body) => {
        for (const path of [WAITLIST, `${AUTH}/register`, `${AUTH}/login`]) {
          const post = request(testApp.server).post(path);
          if (type) post.set('Content-Type', type);
          else post.unset('Content-Type');
          const response = await post.send(Buffer.from(body));
          expect({ path, status: response.status }).toEqual({ path, status: 415 });
          expect(response.body).toEqual({
            statusCode: 415,
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: ErrorMessage.JSON_ONLY,
            requestId: response.headers['x-request-id'],
          });
        }
        expect(await testApp.connection.collection('waitlist_entries').countDocuments()).toBe(0);
      },
    );

    it.each([
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON; Charset="UTF-8"',
    ])('takes %s', async (type) => {
      const index = 10 + type.length;
      const response = await request(testApp.server)
        .post(WAITLIST)
        .set('Content-Type', type)
        .send(JSON.stringify(waitlistSubmission(index)));
      expect(response.status).toBe(201);
    });

    it('refuses a waitlist submission a page of another site sends, and stores nothing', async () => {
      for (const origin of ['https://evil.example', 'null', 'http://localhost:5174']) {
        const response = await request(testApp.server)
          .post(WAITLIST)
          .set('Origin', origin)
          .send(waitlistSubmission(90));
        expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
        expect(response.body).toMatchObject({ code: 'CSRF_REJECTED' });
      }
      const entries = testApp.connection.collection('waitlist_entries');
      expect(await entries.countDocuments({ email: 'creator90@example.com' })).toBe(0);

      await request(testApp.server)
        .post(WAITLIST)
        .set('Origin', testApp.config.corsOrigins[0] ?? '')
        .send(waitlistSubmission(90))
        .expect(201);
    });

    it('leaves a request without a body to the operation, whatever its content type', async () => {
      const response = await request(testApp.server)
        .post(`${AUTH}/refresh-token`)
        .set('Content-Type', 'text/plain')
        .set('Content-Length', '0');
      expect(response.status).toBe(403); // the CSRF check's answer, not 415
    });
  });

  describe('401 answers of operations that take an access token', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });

    afterAll(async () => {
      await testApp.close();
    });

    it.each([
      ['no Authorization header', undefined, 'Bearer realm="paylock"'],
      ['another scheme', 'Basic dXNlcjpwYXNz', 'Bearer realm="paylock"'],
      ['a bearer token that is not a JWT', 'Bearer not-a-token', INVALID],
      ['a JWT not signed by the API', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', INVALID],
    ])(
      'name the Bearer scheme in WWW-Authenticate, given %s',
      async (_case, authorization, challenge) => {
        const me = request(testApp.server).get(`${AUTH}/me`);
        if (authorization) me.set('Authorization', authorization);
        const response = await me;
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe(challenge);
        expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
      },
    );
  });

  describe('rate limits', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({ env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '1' } });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('answer 429 with the standard Retry-After, in seconds, as well as Retry-After-<group>', async () => {
      await request(testApp.server).post(WAITLIST).send(waitlistSubmission(1)).expect(201);
      const refused = await request(testApp.server).post(WAITLIST).send(waitlistSubmission(2));

      expect(refused.status).toBe(429);
      const retryAfter = refused.headers['retry-after'];
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(retryAfter).toBe(refused.headers['retry-after-waitlist']);
    });
  });
});
