import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FerretDbProcess } from './support/ferretdb-process.js';
import { timed } from './support/timed.js';

async function readinessWithin(
  testApp: TestApp,
  expectedStatus: number,
  timeoutMs: number,
): Promise<request.Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(testApp.server).get('/api/v1/health');
    if (response.status === expectedStatus || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The app runs against a FerretDB this test owns, so it can take the database away and give it
 * back on the same port while the app keeps running.
 */
describe('with the database down', () => {
  let ferret: FerretDbProcess;
  let testApp: TestApp;

  beforeAll(async () => {
    ferret = await FerretDbProcess.onFreePort(); // nothing listens there yet
    testApp = await createTestApp({
      env: { MONGODB_URI: ferret.uri('paylock_outage_test') },
      waitForDatabase: false,
    });
  });

  afterAll(async () => {
    await testApp.close();
    await ferret.destroy();
  });

  it('starts anyway, reports not ready within 2 s, and stays alive', async () => {
    const { result: readiness, elapsedMs } = await timed(() =>
      request(testApp.server).get('/api/v1/health'),
    );
    expect(readiness.status).toBe(503);
    expect(elapsedMs).toBeLessThan(2000);
    expect(readiness.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again shortly.',
      details: { database: { status: 'down' } },
      requestId: readiness.headers['x-request-id'],
    });

    await request(testApp.server).get('/api/v1/health/live').expect(200, { status: 'ok' });
  });

  it('recovers by itself once the database starts, without a restart', async () => {
    // Let the first connection attempt (2 s server selection) fail: recovery must then come from
    // the supervisor's retries, not from the attempt that happened to be in flight.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await ferret.start();
    const { result: readiness, elapsedMs } = await timed(() =>
      readinessWithin(testApp, 200, 10_000),
    );
    expect(readiness.status).toBe(200);
    expect(elapsedMs).toBeLessThan(10_000);
  });

  it('reports not ready within 2 s when the database goes away again, then recovers', async () => {
    await ferret.stop();
    const { result: down, elapsedMs } = await timed(() =>
      request(testApp.server).get('/api/v1/health'),
    );
    expect(down.status).toBe(503);
    expect(elapsedMs).toBeLessThan(2000);
    await request(testApp.server).get('/api/v1/health/live').expect(200);

    await ferret.start();
    expect((await readinessWithin(testApp, 200, 10_000)).status).toBe(200);
  });
});
