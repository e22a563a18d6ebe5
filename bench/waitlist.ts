/**
 * `npm run bench:waitlist`: sustained waitlist submissions against the real database, the API
 * compared with a bare baseline server doing the same insert (bench/baseline-server.ts).
 *
 * Builds the backend, starts the database (MONGODB_URI if set, else as `npm start` does), starts
 * both servers, then runs autocannon against each at a fixed concurrency with a unique body per
 * request, so that every request stores a new entry. The servers take turns (A B, B A, A B, …) so
 * that changes in the machine's load hit both alike; each figure is the median over the rounds.
 * Besides throughput it reports the CPU time each server process spends per request, which a busy
 * machine disturbs much less than requests per second.
 *
 * Tunables: BENCH_CONNECTIONS (default 10), BENCH_SECONDS per run (default 10), BENCH_ROUNDS
 * (default 3).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import getPort from 'get-port';
import { databaseUri, startDatabase } from '../scripts/lib/database.ts';
import { ROOT, TMP_DIR } from '../scripts/lib/paths.ts';
import { capture, type RunningProcess, startProcess, waitUntil } from '../scripts/lib/processes.ts';
import { buildBackend, emptyDatabase, median, startProductionApi } from './support.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 3;
const WAITLIST_PATH = '/api/v1/extra/waitlist';
const GOAL_RATIO = 0.8;

type TargetName = 'baseline' | 'api';

interface Target {
  readonly name: TargetName;
  readonly url: string;
  readonly process: RunningProcess;
}

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of the server process (user + system) per request answered. */
  cpuMsPerRequest: number;
  requests: number;
  /** Connection errors, timeouts and any answer other than 2xx. */
  errors: number;
  errorKinds: string[];
}

let submissions = 0;
/** A different person every time: each request is a real insert, never a duplicate. */
function nextSubmission(): string {
  submissions += 1;
  return JSON.stringify({
    fullName: `Bench Creator ${submissions}`,
    email: ` Bench.Creator${submissions}@Example.com `,
    phoneNumber: `6${String(submissions).padStart(9, '0')}`,
    instagramHandle: `@bench_${submissions}`,
    userType: 'influencer',
  });
}

const clockTicksPerSecond = Number(await capture('getconf', ['CLK_TCK']).catch(() => '100'));

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
async function cpuSecondsOf(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

async function load(target: Target, seconds: number): Promise<Figures> {
  const cpuBefore = await cpuSecondsOf(target.process.child.pid);
  const result = await autocannon({
    url: target.url + WAITLIST_PATH,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: nextSubmission() }),
      },
    ],
  });
  const cpuSeconds = (await cpuSecondsOf(target.process.child.pid)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: (cpuSeconds * 1000) / result.requests.total,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    errorKinds: [
      ...(result.errors ? [`${result.errors} connection errors`] : []),
      ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${count} × ${status}`),
    ],
  };
}

async function startApi(serverUri: string): Promise<Target> {
  const api = await startProductionApi(databaseUri(serverUri, 'paylock_bench_api'), {
    // The write path only: the confirmation e-mail is queued in the outbox as always, but this
    // instance does not deliver it (as a web instance beside delivery instances would run). The
    // worker's sending would otherwise share the one database with both servers' rounds, the
    // baseline's included; delivery has its own bench (`npm run bench:mail`).
    MAIL_DELIVERY: 'off',
  });
  return { name: 'api', ...api };
}

async function startBaseline(serverUri: string): Promise<Target> {
  const mongodbUri = databaseUri(serverUri, 'paylock_bench_baseline');
  await emptyDatabase(mongodbUri);
  const port = await getPort();
  const child = startProcess('baseline', process.execPath, [
    'bench/baseline-server.ts',
    String(port),
    mongodbUri,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    'the baseline',
    async () => (await fetch(url).catch(() => undefined))?.status === 404,
    30_000,
  );
  return { name: 'baseline', url, process: child };
}

function summarise(runs: Figures[]): Figures {
  const medianOf = (pick: (figures: Figures) => number) => median(runs.map(pick));
  return {
    requestsPerSecond: medianOf((f) => f.requestsPerSecond),
    p50Ms: medianOf((f) => f.p50Ms),
    p99Ms: medianOf((f) => f.p99Ms),
    cpuMsPerRequest: medianOf((f) => f.cpuMsPerRequest),
    requests: runs.reduce((sum, f) => sum + f.requests, 0),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
    errorKinds: runs.flatMap((f) => f.errorKinds),
  };
}

function report(runs: Record<TargetName, Figures[]>, database: string): boolean {
  const figures = { baseline: summarise(runs.baseline), api: summarise(runs.api) };
  console.log(
    `\nwaitlist POST, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per server (medians), ${database}`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(figures).map(([name, f]) => [
        name,
        {
          'requests/s': Number(f.requestsPerSecond.toFixed(1)),
          'p50 ms': Number(f.p50Ms.toFixed(1)),
          'p99 ms': Number(f.p99Ms.toFixed(1)),
          'CPU ms/request': Number(f.cpuMsPerRequest.toFixed(2)),
          requests: f.requests,
          errors: f.errors,
        },
      ]),
    ),
  );
  const perRound = runs.api.map((api, round) =>
    (api.requestsPerSecond / (runs.baseline[round]?.requestsPerSecond ?? NaN)).toFixed(2),
  );
  for (const [name, f] of Object.entries(figures)) {
    if (f.errors) console.log(`${name} errors: ${f.errorKinds.join(', ')}`);
  }
  const ratio = figures.api.requestsPerSecond / figures.baseline.requestsPerSecond;
  const errorFree = figures.api.errors === 0 && figures.baseline.errors === 0;
  const met = ratio >= GOAL_RATIO && errorFree;
  console.log(`ratio api/baseline (requests/s) per round: ${perRound.join(', ')}`);
  console.log(
    `ratio api/baseline (median requests/s): ${ratio.toFixed(2)} — goal ≥ ${GOAL_RATIO} with zero errors: ${met ? 'met' : 'NOT met'}`,
  );
  return errorFree;
}

async function measure(baseline: Target, api: Target): Promise<Record<TargetName, Figures[]>> {
  const runs: Record<TargetName, Figures[]> = { baseline: [], api: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [baseline, api] : [api, baseline];
    for (const target of order) {
      console.log(
        `round ${round + 1}, ${target.name}: ${WARM_UP_SECONDS} s warm-up, ${SECONDS} s measured`,
      );
      await load(target, WARM_UP_SECONDS);
      await sleep(500);
      runs[target.name].push(await load(target, SECONDS));
    }
  }
  return runs;
}

async function main(): Promise<number> {
  if (!(await buildBackend())) return 1;
  const database = await startDatabase({
    dataDir: path.join(TMP_DIR, 'bench-database'),
    ephemeral: true,
  });
  const targets: Target[] = [];
  try {
    const baseline = await startBaseline(database.uri);
    targets.push(baseline);
    const api = await startApi(database.uri);
    targets.push(api);
    return report(await measure(baseline, api), database.description) ? 0 : 1;
  } finally {
    for (const target of targets) await target.process.stop();
    await database.stop();
  }
}

process.chdir(ROOT);
process.exitCode = await main();
