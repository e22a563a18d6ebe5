import { setTimeout as sleep } from 'node:timers/promises';
import {
  duplicates,
  joinedAnswers,
  reportFigures,
  storedWaitlistEntries,
} from './support/faults.js';
import { FerretDbProcess } from './support/ferretdb-process.js';
import { type Answer, LoadRun, slowest } from './support/load-run.js';
import {
  buildBackend,
  killServer,
  type RunningServer,
  startServer,
} from './support/server-process.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** Words of the driver, the database or the runtime that an error body must never carry. */
const INTERNALS = /mongo|ferret|sqlite|topology|socket|ECONN|E11000|timed out|\.(?:ts|js):\d+/i;
const ALLOWED_STATUSES = {
  join: [200, 201, 409, 503], // 200: a retry of a stored submission ("sent again")
  stats: [200, 503],
  readiness: [200, 503],
} as const;

/** The 503 body each endpoint promises while the database is unreachable. */
function expectedUnavailableBody(answer: Answer): object {
  return answer.kind === 'readiness'
    ? {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: UNAVAILABLE_MESSAGE,
        details: { database: { status: 'down' } },
        requestId: answer.requestIdHeader,
      }
    : {
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: UNAVAILABLE_MESSAGE,
        requestId: answer.requestIdHeader,
      };
}

/**
 * The compiled server under a steady load of waitlist submissions, stats reads and readiness
 * probes, against a FerretDB the test owns: down when the server starts, then up, then killed in
 * the middle of the run, then back. The server is never restarted.
 */
describe('the API under load while its database is down, comes, goes and comes back', () => {
  let ferret: FerretDbProcess;
  let server: RunningServer | undefined;
  let load: LoadRun | undefined;
  let answers: Answer[] = [];
  /** When each step of the run happened (Date.now()). */
  const at = { firstStart: 0, firstJoined: 0, stopped: 0, notReady: 0, restarted: 0, rejoined: 0 };

  beforeAll(async () => {
    await buildBackend();
    ferret = await FerretDbProcess.onFreePort(); // nothing listens there yet
    server = await startServer(
      {
        MONGODB_URI: ferret.uri('paylock_faults_database_test'),
        RATE_LIMIT_WAITLIST_PER_MINUTE: '1000000',
      },
      { until: 'live' }, // its database is down on purpose
    );
    load = new LoadRun(server.api, { joiners: 4, statsReaders: 2, readinessPollers: 1 });

    await sleep(2000); // down since the start
    at.firstStart = Date.now();
    await ferret.start();
    at.firstJoined = (
      await load.firstAnswer((a) => a.status === 201 && a.startedAt >= at.firstStart, 15_000)
    ).answeredAt;
    await sleep(1500); // up, under load

    await ferret.stop(); // SIGKILL: an abrupt outage
    at.stopped = Date.now();
    at.notReady = (
      await load.firstAnswer(
        (a) => a.kind === 'readiness' && a.status === 503 && a.startedAt >= at.stopped,
        5000,
      )
    ).answeredAt;
    await sleep(3000); // down, under load

    at.restarted = Date.now();
    await ferret.start();
    at.rejoined = (
      await load.firstAnswer((a) => a.status === 201 && a.startedAt >= at.restarted, 15_000)
    ).answeredAt;
    await sleep(1000);
    answers = await load.stop();
  }, 60_000);

  afterAll(async () => {
    await load?.stop(); // still running if the run failed half-way
    await killServer(server);
    await ferret.destroy();
  });

  it('answers every request, each within 5 s, never with a 500', () => {
    expect(answers.filter(({ status }) => status === undefined)).toEqual([]);
    for (const kind of ['join', 'stats', 'readiness'] as const) {
      const statuses = new Set(answers.filter((a) => a.kind === kind).map((a) => a.status));
      expect(
        [...statuses].filter((s) => !(ALLOWED_STATUSES[kind] as readonly unknown[]).includes(s)),
      ).toEqual([]);
    }
    expect(slowest(answers)).toBeLessThan(5000);
    reportFigures('database outage under load', {
      requests: answers.length,
      answered201: answers.filter(({ status }) => status === 201).length,
      answered409AfterA503: answers.filter(({ status }) => status === 409).length,
      answered503: answers.filter(({ status }) => status === 503).length,
      slowestMs: slowest(answers),
      slowestDuringOutageMs: slowest(
        answers.filter(({ startedAt }) => startedAt >= at.stopped && startedAt < at.restarted),
      ),
      readinessFlipMs: at.notReady - at.stopped,
      firstJoinAfterFirstStartMs: at.firstJoined - at.firstStart,
      firstJoinAfterRestartMs: at.rejoined - at.restarted,
    });
  });

  it('answers 503 with the uniform body and nothing of the driver in it', () => {
    const unavailable = answers.filter(({ status }) => status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body).toEqual(expectedUnavailableBody(answer));
      expect(JSON.stringify(answer.body)).not.toMatch(INTERNALS);
    }
  });

  it('reports not ready within 2 s of the database going away', () => {
    expect(at.notReady - at.stopped).toBeLessThan(2000);
  });

  it('stores again within 10 s of the database coming back, both times, without a restart', () => {
    expect(at.firstJoined - at.firstStart).toBeLessThan(10_000);
    expect(at.rejoined - at.restarted).toBeLessThan(10_000);
    expect(server?.child.exitCode).toBeNull();
  });

  it('keeps every entry it answered 201 for, once, awaiting confirmation', async () => {
    const joined = joinedAnswers(answers);
    const stored = await storedWaitlistEntries(ferret.uri('paylock_faults_database_test'));
    const storedIds = new Set(stored.map(({ _id }) => _id.toHexString()));
    expect(joined.filter(({ body }) => !storedIds.has(body.data.id))).toEqual([]);
    expect(duplicates(stored.map(({ phone }) => phone))).toEqual([]);
    expect(stored.filter(({ status }) => status !== 'awaiting_confirmation')).toEqual([]);
    // A submission answered 503 may still have been stored (the write landed, its reply did not):
    // the person's retry is then told 200 "sent again", and never gets a second entry.
    const phonesOfJoined = joined.map(
      ({ answer }) => waitlistSubmission(answer.person ?? 0).phoneNumber,
    );
    expect(duplicates(phonesOfJoined)).toEqual([]);
  });
});
