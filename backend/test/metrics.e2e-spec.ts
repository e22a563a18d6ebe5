import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const TOKEN = 'metrics-token-for-the-e2e-tests-0123456789';

describe('GET /metrics (Prometheus, issue #29)', () => {
  describe('with METRICS_TOKEN set', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({
        env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_WAITLIST_PER_MINUTE: '1' },
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    const scrape = () =>
      request(testApp.server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

    it.each([
      ['no Authorization header', undefined],
      ['a wrong token', `Bearer ${TOKEN.replace('0', '1')}`],
      ['the token without the Bearer scheme', TOKEN],
    ])('answers 401 and no figures to %s', async (_case, authorization) => {
      const call = request(testApp.server).get('/metrics');
      if (authorization !== undefined) call.set('Authorization', authorization);
      const response = await call;

      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'A valid metrics token is required',
        requestId: response.headers['x-request-id'],
      });
      expect(response.text).not.toContain('paylock_');
    });

    it('counts and times requests by route template and status, never by the path sent', async () => {
      await request(testApp.server).get('/api/v1/health/live').expect(200);
      await request(testApp.server).get('/api/v1/no-such-thing/12345').expect(404);

      const response = await scrape().expect(200);

      expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toMatch(
        /^paylock_http_requests_total\{method="GET",route="\/api\/v1\/health\/live",status="200"\} 1$/m,
      );
      expect(response.text).toMatch(
        /^paylock_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/health\/live",status="200"\} 1$/m,
      );
      expect(response.text).toMatch(
        /^paylock_http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m,
      );
      expect(response.text).not.toContain('no-such-thing');
    });

    it('counts rate-limit refusals', async () => {
      await request(testApp.server).post('/api/v1/extra/waitlist').send(waitlistSubmission(1));
      await request(testApp.server)
        .post('/api/v1/extra/waitlist')
        .send(waitlistSubmission(2))
        .expect(429);

      const { text } = await scrape().expect(200);

      expect(text).toMatch(/^paylock_rate_limit_refusals_total\{route="[^"]*waitlist"\} 1$/m);
    });

    it('reports the outbox, mail failures, seats left and the Node process', async () => {
      const { text } = await scrape().expect(200);

      // The waitlist join above queued its confirmation (no SMTP server in the tests).
      expect(text).toMatch(/^paylock_outbox_messages\{status="queued"\} 1$/m);
      expect(text).toMatch(/^paylock_outbox_messages\{status="failed"\} 0$/m);
      expect(text).toMatch(/^paylock_outbox_oldest_pending_age_seconds \d+(\.\d+)?$/m);
      expect(text).toMatch(/^paylock_mail_retrying_messages 0$/m);
      expect(text).toMatch(/^paylock_waitlist_seats_remaining 1000$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    });

    it('is not part of the OpenAPI document', async () => {
      const response = await request(testApp.server).get('/api/docs-json').expect(200);
      const document = response.body as { paths: object };
      expect(Object.keys(document.paths).join(' ')).not.toContain('metrics');
    });
  });

  it('does not exist while METRICS_TOKEN is unset', async () => {
    const testApp = await createTestApp();
    try {
      const response = await request(testApp.server)
        .get('/metrics')
        .set('Authorization', 'Bearer anything-at-all-anything-at-all-00');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('paylock_');
    } finally {
      await testApp.close();
    }
  });
});
