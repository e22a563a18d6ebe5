import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  requestId: string;
}

/** Security headers, CORS, refused bodies and methods: security.e2e-spec.ts. */
describe('HTTP conventions shared by every endpoint', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
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
