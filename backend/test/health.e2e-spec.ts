import request from 'supertest';
import { createTestApp, type TestApp } from './support/create-test-app.js';

describe('health endpoints with the database up', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('GET /api/v1/health reports ready once the database answers', async () => {
    const response = await request(testApp.server).get('/api/v1/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', details: { database: { status: 'up' } } });
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('GET /api/v1/health/live reports the process alive', async () => {
    const response = await request(testApp.server).get('/api/v1/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});
