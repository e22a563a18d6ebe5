import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  requestId: string;
}

const ALLOWED_ORIGIN = 'https://app.paylock.test';

describe('HTTP conventions shared by every endpoint', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { CORS_ORIGINS: `${ALLOWED_ORIGIN},http://localhost:5173` },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers an unknown route with a uniform 404 body', async () => {
    for (const path of ['/api/v1/does-not-exist', '/not-under-the-api-prefix']) {
      const response = await request(testApp.server).get(path).expect(404);
      const body = response.body as ErrorBody;
      expect(body).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `Cannot GET ${path}`,
        requestId: response.headers['x-request-id'],
      });
    }
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await request(testApp.server)
      .post('/api/v1/health')
      .set('Content-Type', 'application/json')
      .send('{"fullName": "Asha",')
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON' });
  });

  it('answers a body over 100 kB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await request(testApp.server)
      .post('/api/v1/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(110 * 1024) }))
      .expect(413);
    expect(response.body).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large',
    });
  });

  it('sends security headers and no x-powered-by', async () => {
    const response = await request(testApp.server).get('/api/v1/health/live').expect(200);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('echoes a safe incoming x-request-id, and quotes it in error bodies', async () => {
    const live = await request(testApp.server)
      .get('/api/v1/health/live')
      .set('X-Request-Id', 'frontend-42')
      .expect(200);
    expect(live.headers['x-request-id']).toBe('frontend-42');

    const missing = await request(testApp.server)
      .get('/api/v1/nope')
      .set('X-Request-Id', 'frontend-43')
      .expect(404);
    expect((missing.body as ErrorBody).requestId).toBe('frontend-43');
  });

  it('replaces an unsafe incoming x-request-id with a fresh one', async () => {
    const response = await request(testApp.server)
      .get('/api/v1/health/live')
      .set('X-Request-Id', 'x'.repeat(200))
      .expect(200);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('CORS', () => {
    it('lets an allowed origin call with credentials', async () => {
      const response = await request(testApp.server)
        .get('/api/v1/health/live')
        .set('Origin', ALLOWED_ORIGIN)
        .expect(200);
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
    });

    it('answers a preflight from an allowed origin', async () => {
      const response = await request(testApp.server)
        .options('/api/v1/health')
        .set('Origin', ALLOWED_ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type')
        .expect(204);
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(response.headers['access-control-allow-methods']).toContain('POST');
    });

    it.each(['https://evil.example', 'https://app.paylock.test.evil.example', 'null'])(
      'never echoes the foreign origin %s',
      async (origin) => {
        const response = await request(testApp.server)
          .options('/api/v1/health')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST');
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      },
    );
  });

  describe('API documentation', () => {
    it('serves Swagger UI at /api/docs', async () => {
      const response = await request(testApp.server).get('/api/docs').expect(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.text).toContain('swagger-ui');
    });

    it('serves the OpenAPI document at /api/docs-json', async () => {
      const response = await request(testApp.server).get('/api/docs-json').expect(200);
      const document = response.body as {
        info: { title: string };
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      expect(document.info.title).toBe('Paylock API');
      expect(document.paths['/api/v1/health']?.get?.operationId).toBe('checkReadiness');
      expect(document.paths['/api/v1/health/live']?.get?.operationId).toBe('checkLiveness');
    });
  });
});
