import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';

/** Found by the API fuzz suite: Nest answered 404, as if the path did not exist. */
describe('a method the contract does not document, on a path it does', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    ['trace', '/api/v1/health', 'GET, HEAD, OPTIONS'],
    ['delete', '/api/v1/extra/waitlist', 'POST, OPTIONS'],
    ['get', '/api/v1/auth/logout', 'POST, OPTIONS'],
    ['put', '/api/v1/auth/me', 'GET, PATCH, HEAD, OPTIONS'],
  ] as const)('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const response = await request(testApp.server)[method](path).expect(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.body).toEqual({
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `${method.toUpperCase()} is not allowed on ${path}; use ${allow}`,
      requestId: response.headers['x-request-id'],
    });
  });

  it('still answers 404 for a path the contract does not have', async () => {
    await request(testApp.server).trace('/api/v1/nope').expect(404);
  });

  it('answers HEAD for a GET operation', async () => {
    await request(testApp.server).head('/api/v1/health/live').expect(200);
  });
});
