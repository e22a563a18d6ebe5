/**
 * `npm run bench`: the launch-day load on one API instance, at a fixed arrival rate (an open
 * model, see bench/arrival-rate.ts): waitlist submissions, then the slot counter's reads.
 *
 * Builds the backend, starts the database (MONGODB_URI if set, else as `npm start` does) and the
 * compiled API in production mode with its request log written (then dropped), as in production.
 * Each phase has a warm-up at the same rate, then a measured run. Every submission is a new,
 * valid person (so every one is a real insert) from a new client address (X-Forwarded-For, with
 * TRUST_PROXY=true, as behind the production proxy), so each also creates a rate-limit window in
 * the shared counters.
 *
 * Goal: p99 ≤ 100 ms and no error (connection error, timeout, any non-2xx answer) in each phase;
 * the process exits non-zero when it is not met.
 *
 * Tunables: BENCH_WAITLIST_RATE and BENCH_STATS_RATE (per second; default: the launch-day rates
 * below, 50 and 340), BENCH_SECONDS (measured, default 30), BENCH_WARM_UP_SECONDS (default 5),
 * BENCH_API_MAIN (the compiled entry point to run, default backend/dist/main.js: point it at
 * another build to compare).
 */
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { databaseUri, startDatabase } from '../scripts/lib/database.ts';
import { startMailDev, type MailDevServer } from '../scripts/lib/maildev.ts';
import { ROOT, TMP_DIR } from '../scripts/lib/paths.ts';
import type { RunningProcess } from '../scripts/lib/processes.ts';
import { type ArrivalRateResult, type PlannedRequest, runAtArrivalRate } from './arrival-rate.ts';
import { buildBackend, RAISED_RATE_LIMIT, startProductionApi, withDatabase } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const GOAL_P99_MS = 100;
const WAITLIST_PATH = '/api/v1/extra/waitlist';
const API_MAIN = process.env.BENCH_API_MAIN ?? 'backend/dist/main.js';

/**
 * Why these rates: the launch-day peak, from assumptions stated where they can be argued with.
 * The measured rates are the peak with tenfold headroom, rounded up.
 */
const LAUNCH_DAY = {
  reach: 1_000_000, // followers of the launch posts (Paylock and partner creators)
  openRate: 0.02, // share who open the link on launch day
  joinRate: 0.25, // share of visitors who submit the form
  peakMinuteShare: 0.05, // share of the day's visits in its busiest minute (just after the posts)
  statsReadsPerVisit: 2, // landing page and waitlist page each read the slot counter
  headroom: 10, // a post going viral, bursts within the minute
};

function launchDayRates(): { visits: number; writesPerSecond: number; readsPerSecond: number } {
  const visits = LAUNCH_DAY.reach * LAUNCH_DAY.openRate;
  const peakMinuteVisits = visits * LAUNCH_DAY.peakMinuteShare;
  return {
    visits,
    writesPerSecond: (peakMinuteVisits * LAUNCH_DAY.joinRate) / 60,
    readsPerSecond: (peakMinuteVisits * LAUNCH_DAY.statsReadsPerVisit) / 60,
  };
}

/** The launch-day peak with its headroom, rounded up to a multiple of 10. */
const withHeadroom = (perSecond: number) => Math.ceil((perSecond * LAUNCH_DAY.headroom) / 10) * 10;

const WAITLIST_RATE = Number(
  process.env.BENCH_WAITLIST_RATE ?? withHeadroom(launchDayRates().writesPerSecond),
);
const STATS_RATE = Number(
  process.env.BENCH_STATS_RATE ?? withHeadroom(launchDayRates().readsPerSecond),
);

function printRationale(): void {
  const rates = launchDayRates();
  const { headroom } = LAUNCH_DAY;
  console.log(
    [
      'Launch-day rates (assumptions in bench/load.ts):',
      `  ${LAUNCH_DAY.reach.toLocaleString('en')} followers reached × ${LAUNCH_DAY.openRate * 100}% open the link = ${rates.visits.toLocaleString('en')} visits;`,
      `  busiest minute ${LAUNCH_DAY.peakMinuteShare * 100}% of them; ${LAUNCH_DAY.joinRate * 100}% join, ${LAUNCH_DAY.statsReadsPerVisit} slot-counter reads per visit`,
      `  → peak ${rates.writesPerSecond.toFixed(1)} submissions/s and ${rates.readsPerSecond.toFixed(1)} stats reads/s;`,
      `  × ${headroom} headroom, rounded up → ${withHeadroom(rates.writesPerSecond)} and ${withHeadroom(rates.readsPerSecond)}/s.`,
      `  Measured here: ${WAITLIST_RATE} submissions/s and ${STATS_RATE} stats reads/s.`,
    ].join('\n'),
  );
}

function loadAverage(): string {
  const [oneMinute, fiveMinutes] = os.loadavg();
  return `load average ${oneMinute?.toFixed(2)} (1 min), ${fiveMinutes?.toFixed(2)} (5 min)`;
}

function printMachine(database: string): void {
  const cpus = os.cpus();
  console.log(
    [
      'Machine:',
      `  CPU ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} logical cores; ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
      `  ${os.type()} ${os.release()}; Node ${process.version}; database: ${database}`,
      `  ${loadAverage()} at the start`,
    ].join('\n'),
  );
}

/** The n-th visitor: a valid, unique person from an address of their own. */
function visitor(index: number): { address: string; body: string } {
  const n = index + 1;
  return {
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: JSON.stringify({
      fullName: `Load Visitor ${n}`,
      email: `load.visitor${n}@example.com`,
      phoneNumber: `${6 + (n % 4)}${String(n).padStart(9, '0')}`,
      instagramHandle: `load_visitor_${n}`,
      userType: n % 5 === 0 ? 'brand' : 'influencer',
    }),
  };
}

let visitors = 0;
function nextSubmission(): PlannedRequest {
  const { address, body } = visitor(visitors++);
  return { method: 'POST', path: WAITLIST_PATH, headers: { 'x-forwarded-for': address }, body };
}

function statsRead(): PlannedRequest {
  return { method: 'GET', path: `${WAITLIST_PATH}/stats` };
}

interface Phase {
  readonly name: string;
  readonly rate: number;
  readonly requestAt: () => PlannedRequest;
}

async function measure(origin: string, phase: Phase): Promise<ArrivalRateResult> {
  console.log(
    `${phase.name}: ${phase.rate}/s, ${WARM_UP_SECONDS} s warm-up, then ${SECONDS} s measured`,
  );
  const options = { origin, ratePerSecond: phase.rate, requestAt: phase.requestAt };
  await runAtArrivalRate({ ...options, seconds: WARM_UP_SECONDS });
  await sleep(1000);
  return runAtArrivalRate({ ...options, seconds: SECONDS });
}

const sum = (counts: Iterable<number>) => [...counts].reduce((total, count) => total + count, 0);

function non2xxOf(result: ArrivalRateResult): number {
  return sum(
    Object.entries(result.statuses)
      .filter(([status]) => !status.startsWith('2'))
      .map(([, count]) => count),
  );
}

/** Requests without an answer: connection errors and timeouts. */
const failuresOf = (result: ArrivalRateResult) => sum(Object.values(result.failures));

function report(results: ReadonlyMap<string, ArrivalRateResult>): boolean {
  console.table(
    Object.fromEntries(
      [...results].map(([name, result]) => [
        name,
        {
          'target/s': Number((result.planned / SECONDS).toFixed(1)),
          'achieved/s': Number(result.achievedRatePerSecond.toFixed(1)),
          requests: result.planned,
          'p50 ms': Number(result.p50Ms.toFixed(1)),
          'p99 ms': Number(result.p99Ms.toFixed(1)),
          'max ms': Number(result.maxMs.toFixed(1)),
          'non-2xx': non2xxOf(result),
          errors: failuresOf(result),
          'peak open requests': result.peakConnections,
        },
      ]),
    ),
  );
  let met = true;
  for (const [name, result] of results) {
    const errors = non2xxOf(result) + failuresOf(result);
    const ok = result.p99Ms <= GOAL_P99_MS && errors === 0;
    met &&= ok;
    const details = [
      ...Object.entries(result.statuses).map(([status, count]) => `${count} × ${status}`),
      ...Object.entries(result.failures).map(([kind, count]) => `${count} × ${kind}`),
    ];
    console.log(
      `${name}: p99 ${result.p99Ms.toFixed(1)} ms, ${errors} errors (${details.join(', ')}); ` +
        `generator at most ${result.maxStartLagMs.toFixed(1)} ms late — goal p99 ≤ ${GOAL_P99_MS} ms with zero errors: ${ok ? 'met' : 'NOT met'}`,
    );
  }
  return met;
}

async function main(): Promise<number> {
  if (!(await buildBackend())) return 1;
  const database = await startDatabase({
    dataDir: path.join(TMP_DIR, 'bench-load-database'),
    ephemeral: true,
  });
  let api: RunningProcess | undefined;
  let mailDev: MailDevServer | undefined;
  try {
    printMachine(database.description);
    printRationale();
    console.log(`API: ${API_MAIN}, one process, production mode, request log at info`);
    console.log(
      `Rate limits raised to ${Number(RAISED_RATE_LIMIT).toLocaleString('en')} a minute per client, so this measures the API and not 429s;` +
        ' every submission still goes through the shared rate-limit counter.\n',
    );
    const mongodbUri = databaseUri(database.uri, 'paylock_bench_load');
    mailDev = await startMailDev();
    const started = await startProductionApi(
      mongodbUri,
      {
        TRUST_PROXY: 'true',
        RATE_LIMIT_AUTH_PER_MINUTE: RAISED_RATE_LIMIT,
        // Mail enabled (production requires it), delivered into a local MailDev.
        SMTP_URL: mailDev.smtpUrl,
      },
      API_MAIN,
    );
    api = started.process;
    const results = new Map<string, ArrivalRateResult>();
    results.set(
      'waitlist POST',
      await measure(started.url, {
        name: 'waitlist POST',
        rate: WAITLIST_RATE,
        requestAt: nextSubmission,
      }),
    );
    const stored = await withDatabase(mongodbUri, (client) =>
      client.db().collection('waitlist_entries').countDocuments(),
    );
    console.log(`${stored} waitlist entries stored (of ${visitors} sent), read by the stats phase`);
    results.set(
      'stats GET',
      await measure(started.url, { name: 'stats GET', rate: STATS_RATE, requestAt: statsRead }),
    );
    console.log(`${loadAverage()} at the end`);
    const met = report(results);
    console.log(met ? 'Goal met in every phase.' : 'Goal NOT met (exit code 1).');
    return met ? 0 : 1;
  } finally {
    await api?.stop();
    await mailDev?.stop();
    await database.stop();
  }
}

process.chdir(ROOT);
process.exitCode = await main();
