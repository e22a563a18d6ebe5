import { setTimeout as sleep } from 'node:timers/promises';
import { SHUTDOWN_GRACE_PERIOD_MS } from '../src/bootstrap/graceful-shutdown.js';
import {
  dropDatabase,
  duplicates,
  joinedAnswers,
  reportFigures,
  storedWaitlistEntries,
} from './support/faults.js';
import { finalStatus, holdRequest } from './support/held-request.js';
import { type Answer, LoadRun, type LoadRunOptions } from './support/load-run.js';
import {
  buildBackend,
  killServer,
  type RunningServer,
  startServer,
} from './support/server-process.js';
import { testDatabaseUri } from './support/test-database.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST_PATH = '/api/v1/extra/waitlist';
const SERVER_ENV = {
  RATE_LIMIT_WAITLIST_PER_MINUTE: '1000000',
  RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '1000000',
};

const phoneOf = (person: number) => waitlistSubmission(person).phoneNumber;

/** People with at least one request of the run, and whether any of them got an answer. */
function peopleOf(answers: readonly Answer[]): Map<number, { answered: boolean }> {
  const people = new Map<number, { answered: boolean }>();
  for (const { person, status } of answers) {
    if (person === undefined) continue;
    const answered = (people.get(person)?.answered ?? false) || status !== undefined;
    people.set(person, { answered });
  }
  return people;
}

/** The compiled server, killed and stopped by signals while clients keep submitting. */
describe('the server process under load', () => {
  let server: RunningServer | undefined;
  /** Every load run of the current test, stopped after it even when it failed half-way. */
  const loads: LoadRun[] = [];
  const startLoad = (api: string, options: LoadRunOptions) => {
    const load = new LoadRun(api, options);
    loads.push(load);
    return load;
  };

  beforeAll(async () => {
    await buildBackend();
  }, 120_000);

  afterEach(async () => {
    await Promise.all(loads.splice(0).map((load) => load.stop()));
    await killServer(server);
  });

  describe('killed with SIGKILL and started again on the same database', () => {
    const databaseUri = testDatabaseUri('faults_sigkill');

    it('has stored every submission it answered 201 for, once, and goes on storing after it', async () => {
      await dropDatabase(databaseUri);
      server = await startServer({ ...SERVER_ENV, MONGODB_URI: databaseUri });
      const load = startLoad(server.api, { joiners: 8, pauseMs: 0 });
      await load.until((answers) => joinedAnswers(answers).length >= 60, 20_000);
      const killed = server;
      killed.child.kill('SIGKILL');
      const exit = await killed.exited;
      const beforeCrash = await load.stop();
      expect(exit.signal).toBe('SIGKILL');

      const joinedBeforeCrash = joinedAnswers(beforeCrash);
      const stored = await storedWaitlistEntries(databaseUri);
      const storedById = new Map(stored.map((entry) => [entry._id.toHexString(), entry]));
      for (const { answer, body } of joinedBeforeCrash) {
        expect(storedById.get(body.data.id)).toMatchObject({
          status: 'awaiting_confirmation',
          phone: phoneOf(answer.person ?? 0),
        });
      }
      expect(duplicates(stored.map(({ phone }) => phone))).toEqual([]);

      // Started again, the people whose submission the crash cut off submit once more: told 201
      // when it had not been stored, 200 ("sent again") when it had, and never stored twice.
      const restarted = await startServer({ ...SERVER_ENV, MONGODB_URI: databaseUri });
      server = restarted;
      const cutOff = [...peopleOf(beforeCrash)].filter(([, { answered }]) => !answered);
      const retries = await Promise.all(
        cutOff.map(([person]) =>
          fetch(`${restarted.api}/extra/waitlist`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(waitlistSubmission(person)),
          }).then((response) => response.status),
        ),
      );
      expect(retries.filter((status) => status !== 201 && status !== 200)).toEqual([]);
      const after = startLoad(restarted.api, { joiners: 4, firstPerson: 100_000 });
      await sleep(1000);
      const joinedAfterRestart = joinedAnswers(await after.stop());

      const final = await storedWaitlistEntries(databaseUri);
      const everyone = [
        ...peopleOf(beforeCrash).keys(),
        ...joinedAfterRestart.map(({ answer }) => answer.person ?? 0),
      ];
      expect(final.map(({ phone }) => phone).sort()).toEqual(everyone.map(phoneOf).sort());
      // Seats come with confirmation: none was given at joining, before or after the crash.
      expect(final.filter(({ seat }) => seat !== undefined)).toEqual([]);
      reportFigures('SIGKILL mid waitlist load', {
        answered201BeforeCrash: joinedBeforeCrash.length,
        cutOffByCrash: cutOff.length,
        cutOffButStored: retries.filter((status) => status === 200).length,
        joinedAfterRestart: joinedAfterRestart.length,
        storedInTheEnd: final.length,
      });
    }, 60_000);
  });

  describe('stopped with SIGTERM', () => {
    const databaseUri = testDatabaseUri('faults_sigterm');

    it('finishes every request it had started, refuses new ones and exits 0 within the grace period', async () => {
      await dropDatabase(databaseUri);
      server = await startServer({ ...SERVER_ENV, MONGODB_URI: databaseUri });
      const held = await Promise.all(
        [1, 2, 3].map((person) =>
          holdRequest(server?.port ?? 0, WAITLIST_PATH, waitlistSubmission(person)),
        ),
      );
      const load = startLoad(server.api, { joiners: 24, firstPerson: 1000, pauseMs: 0 });
      await load.until((answers) => joinedAnswers(answers).length >= 20, 20_000);

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await sleep(300); // the server is shutting down when the held bodies arrive
      for (const request of held) request.finish();
      const heldAnswers = await Promise.all(held.map(({ received }) => received));
      const exit = await server.exited;
      const answers = await load.stop();

      expect(exit.code).toBe(0);
      expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_PERIOD_MS);
      for (const received of heldAnswers) {
        expect(finalStatus(received)).toBe('201');
        expect(received).toMatch(/^connection: close\r$/im);
      }
      const statuses = new Set(answers.map(({ status }) => status));
      expect([...statuses].filter((status) => status !== undefined && status !== 201)).toEqual([]);
      // A request without an answer is one the server never read (its connection was still idle,
      // or opened after the listener closed): it stored nothing.
      const stored = await storedWaitlistEntries(databaseUri);
      const storedPhones = new Set(stored.map(({ phone }) => phone));
      const unanswered = [...peopleOf(answers)].filter(([, { answered }]) => !answered);
      expect(unanswered.filter(([person]) => storedPhones.has(phoneOf(person)))).toEqual([]);
      for (const { answer } of joinedAnswers(answers)) {
        expect(storedPhones.has(phoneOf(answer.person ?? 0))).toBe(true);
      }
      reportFigures('SIGTERM under load', {
        answeredDuringRun: answers.filter(({ status }) => status !== undefined).length,
        answeredAfterSignal: answers.filter(
          ({ status, answeredAt }) => status !== undefined && answeredAt >= signalledAt,
        ).length,
        sentBeforeSignalNotAnswered: answers.filter(
          ({ status, startedAt }) => status === undefined && startedAt < signalledAt,
        ).length,
        exitAfterSignalMs: exit.at - signalledAt,
      });
    }, 60_000);

    it('cuts a request still unfinished after the grace period, then exits 0', async () => {
      server = await startServer({ ...SERVER_ENV, MONGODB_URI: databaseUri });
      const stalled = await holdRequest(server.port, WAITLIST_PATH, waitlistSubmission(1));

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;

      expect(exit.code).toBe(0);
      expect(exit.at - signalledAt).toBeGreaterThanOrEqual(SHUTDOWN_GRACE_PERIOD_MS);
      expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_PERIOD_MS + 2000);
      expect(finalStatus(await stalled.received)).toBe('');
      reportFigures('SIGTERM with a stalled request', { exitAfterSignalMs: exit.at - signalledAt });
    }, 60_000);
  });
});
