import request from 'supertest';
import { createTestApp, type TestApp, waitForDatabase } from './support/create-test-app.js';
import { FerretDbProcess } from './support/ferretdb-process.js';
import { timed } from './support/timed.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const UNAVAILABLE = {
  statusCode: 503,
  code: 'DATABASE_UNAVAILABLE',
  message: 'The service is temporarily unavailable. Please try again shortly.',
};

const person = (index: number) => waitlistSubmission(index, { userType: 'brand' });

/** The app runs against a FerretDB this test owns, so it can take the database away. */
describe('the waitlist with the database down', () => {
  let ferret: FerretDbProcess;
  let testApp: TestApp;

  beforeAll(async () => {
    ferret = await FerretDbProcess.onFreePort(); // nothing listens there yet
    testApp = await createTestApp({
      env: {
        MONGODB_URI: ferret.uri('paylock_waitlist_outage_test'),
        RATE_LIMIT_WAITLIST_PER_MINUTE: '1000',
        // Far above the bound below: an answer that waited for server selection cannot pass.
        DB_SERVER_SELECTION_TIMEOUT_MS: '10000',
      },
      waitForDatabase: false,
    });
  });

  afterAll(async () => {
    await testApp.close();
    await ferret.destroy();
  });

  it('503 DATABASE_UNAVAILABLE at once while the database has never been reached', async () => {
    const { result: joining, elapsedMs } = await timed(() =>
      request(testApp.server).post(WAITLIST).send(person(1)),
    );
    expect(joining.status).toBe(503);
    expect(joining.body).toEqual({ ...UNAVAILABLE, requestId: joining.headers['x-request-id'] });
    // Not waiting for the driver's server selection (10 s); the first request of a machine loaded
    // by parallel test files measured 5.2 s.
    expect(elapsedMs).toBeLessThan(8000);

    const stats = await request(testApp.server).get(`${WAITLIST}/stats`).expect(503);
    expect(stats.body).toMatchObject(UNAVAILABLE);
  });

  it('accepts entries, with their uniqueness enforced, once the database is there', async () => {
    await ferret.start();
    await waitForDatabase(testApp.connection, 15_000);
    const joined = await request(testApp.server).post(WAITLIST).send(person(1)).expect(201);
    expect(joined.body).toMatchObject({ data: { status: 'awaiting_confirmation' } });
    await request(testApp.server)
      .post(WAITLIST)
      .send({ ...person(1), email: 'someone.else@example.com' })
      .expect(409)
      .expect((response) => {
        expect(response.body).toMatchObject({ code: 'PHONE_ALREADY_REGISTERED' });
      });
  });

  it('answers queued submissions 503 within one server-selection timeout when it goes away', async () => {
    await ferret.stop();
    const { result: answers, elapsedMs } = await timed(() =>
      Promise.all(
        [2, 3, 4, 5, 6].map((index) => request(testApp.server).post(WAITLIST).send(person(index))),
      ),
    );
    for (const answer of answers) expect(answer.body).toMatchObject(UNAVAILABLE);
    // Each waits out the 2 s server selection, side by side: none waits for another.
    expect(elapsedMs).toBeLessThan(4000);
  });

  it('stores the next entry once the database is back, as if nothing happened', async () => {
    await ferret.start();
    const deadline = Date.now() + 15_000;
    let response = await request(testApp.server).post(WAITLIST).send(person(2));
    while (response.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      response = await request(testApp.server).post(WAITLIST).send(person(2));
    }
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      data: { status: 'awaiting_confirmation', confirmationEmail: 'sent' },
    });
  });
});
