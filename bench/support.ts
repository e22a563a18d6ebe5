/**
 * What every benchmark needs: the compiled backend, its own database, the API with a signed-up
 * user, and the statistics of its rounds.
 */
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { MongoClient } from 'mongodb';
import { databaseUri, type DatabaseServer, startDatabase } from '../scripts/lib/database.ts';
import { type Identity, startIdentityProvider } from '../scripts/lib/identity-provider.ts';
import { TMP_DIR } from '../scripts/lib/paths.ts';
import { httpAnswers, run, startProcess, waitUntil } from '../scripts/lib/processes.ts';
import type { RunningProcess } from '../scripts/lib/processes.ts';

/** `npm run build -w backend`; says how to see why when it fails. */
export async function buildBackend(): Promise<boolean> {
  if ((await run('npm', ['run', 'build', '-w', 'backend'], { stdio: 'ignore' })) === 0) return true;
  console.error('The backend does not build: run `npm run build -w backend` to see why.');
  return false;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/**
 * The SMS settings production requires (issue #25). The benches send no SMS: the provider's
 * address is never called.
 */
export const BENCH_SMS_ENV = {
  OTP_SECRETS: 'bench-otp-secret-that-is-long-enough-0123456789',
  SMS_BASE_URL: 'https://sms.bench.invalid',
  SMS_AUTH_KEY: 'bench',
  SMS_TEMPLATE_ID: 'bench',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1000000000000000000',
  // Also required in production (#26): encrypts payout profiles, which the benches never write.
  PAYOUT_ENCRYPTION_KEY: 'YmVuY2gtcGF5b3V0LWtleS10aGlydHktdHdvLWJ5dGU=',
  // Also required in production (#26): the gateway's keys, and a real https endpoint that the
  // benches never reach (no milestone is funded).
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
  RAZORPAY_API_URL: 'https://razorpay.bench.invalid',
} as const;

/**
 * An export of the compiled backend (backend/dist, built by the bench): a domain list, a
 * projection, an adapter class, so that a bench measures what the API runs.
 */
export async function compiledExport<T>(module: string, name: string): Promise<T> {
  const loaded = (await import(path.resolve('backend/dist', module))) as Record<
    string,
    T | undefined
  >;
  const found = loaded[name];
  if (found === undefined) throw new Error(`${name} not found in backend/dist/${module}`);
  return found;
}

/**
 * Runs `work` with a Mongoose connection of its own to `uri`, closed after: the compiled adapters
 * (read-model stores, their rebuilds) take an open connection, as the API's wiring gives them.
 */
export async function withMongooseConnection<T>(
  uri: string,
  work: (connection: mongoose.Connection) => Promise<T>,
): Promise<T> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** A rate limit raised so that a load bench measures the API and not its 429s. */
export const RAISED_RATE_LIMIT = '1000000';

/** Runs `use` with a driver connected to `mongodbUri`, closed after. */
export async function withDatabase<T>(
  mongodbUri: string,
  use: (client: MongoClient) => Promise<T>,
): Promise<T> {
  const client = await new MongoClient(mongodbUri).connect();
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Drops the database of `mongodbUri`. */
export async function emptyDatabase(mongodbUri: string): Promise<void> {
  await withDatabase(mongodbUri, (client) => client.db().dropDatabase());
}

/** The compiled API started as production runs it, and where it answers. */
export interface ProductionApi {
  readonly url: string;
  readonly process: RunningProcess;
}

/**
 * Starts the compiled API (`main`) in production mode over `mongodbUri` (emptied first), its
 * request log written at info as in production (then dropped), the waitlist's rate limits raised
 * (every submission still goes through the shared counter), and the settings production insists
 * on that the waitlist does not use. `env` adds to or overrides them.
 */
export async function startProductionApi(
  mongodbUri: string,
  env: Record<string, string>,
  main = 'backend/dist/main.js',
): Promise<ProductionApi> {
  await emptyDatabase(mongodbUri);
  const port = await getPort();
  const child = startProcess('api', process.execPath, [main], {
    dropStdout: true, // request logs are written, as in production, then dropped
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongodbUri,
      LOG_LEVEL: 'info',
      RATE_LIMIT_WAITLIST_PER_MINUTE: RAISED_RATE_LIMIT,
      RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: RAISED_RATE_LIMIT,
      // Production insists on sign-in settings the waitlist does not use.
      PUBLIC_URL: 'https://paylock.invalid',
      GOOGLE_CLIENT_ID: 'bench',
      GOOGLE_CLIENT_SECRET: 'bench',
      ...BENCH_SMS_ENV,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...env,
    },
  });
  const url = `http://127.0.0.1:${String(port)}`;
  await waitUntil('the API', () => httpAnswers(`${url}/api/v1/health`), 30_000);
  return { url, process: child };
}

/** The p-th percentile (0 to 100) of `values`, by the nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Runs `work` `times` times, one after the other; each run's milliseconds. */
export async function timed(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations;
}

/** One row of an "API against the bare driver" table: the medians and 95th percentiles. */
export function apiAgainstDriver(
  viaApi: readonly number[],
  viaDriver: readonly number[],
): Record<string, string> {
  return {
    'API p50 ms': percentile(viaApi, 50).toFixed(1),
    'API p95 ms': percentile(viaApi, 95).toFixed(1),
    'driver p50 ms': percentile(viaDriver, 50).toFixed(1),
    'driver p95 ms': percentile(viaDriver, 95).toFixed(1),
  };
}

/** The closing line of a bench: which database, and how loaded the machine was at the end. */
function printMachineLoad(database: DatabaseServer): void {
  console.log(
    `database: ${database.description}; load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${String(os.cpus().length)} CPUs)`,
  );
}

/** A bench's own database server, its database in it, and a driver connected to it. */
export interface BenchDatabase {
  readonly server: DatabaseServer;
  readonly uri: string;
  readonly client: MongoClient;
}

/**
 * A bench over its own database: builds the backend, starts a throw-away database server (under
 * .tmp/bench-<name>-database), connects to `databaseName` in it and runs `bench` on it afresh;
 * then says how loaded the machine was, drops that database (both unless `keep`: the bench seeds
 * what it needs itself), closes the driver, runs what the bench registered with `onCleanUp` (last
 * first) and stops the server. Resolves to the bench's exit code (1 when the build fails).
 */
export async function runBench(
  options: { name: string; databaseName: string; keep?: boolean },
  bench: (
    database: BenchDatabase,
    onCleanUp: (stop: () => Promise<unknown>) => void,
  ) => Promise<number>,
): Promise<number> {
  if (!(await buildBackend())) return 1;
  const server = await startDatabase({
    dataDir: path.join(TMP_DIR, `bench-${options.name}-database`),
    ephemeral: true,
  });
  const uri = databaseUri(server.uri, options.databaseName);
  const cleanUps: (() => Promise<unknown>)[] = [];
  const client = await new MongoClient(uri).connect();
  try {
    if (!options.keep) await client.db().dropDatabase();
    const exitCode = await bench({ server, uri, client }, (stop) => cleanUps.push(stop));
    printMachineLoad(server);
    return exitCode;
  } finally {
    if (!options.keep) {
      await client
        .db()
        .dropDatabase()
        .catch(() => undefined);
    }
    await client.close();
    for (const stop of cleanUps.reverse()) await stop();
    await server.stop();
  }
}

/** The compiled API, running over a bench's database, and a user signed in to it. */
export interface BenchApi {
  readonly apiUrl: string;
  readonly accessToken: string;
  /** The API's process (to sample its memory). */
  readonly pid: number | undefined;
}

/**
 * Starts the compiled API (backend/dist) over `database` with a local identity provider, and
 * signs `identity` up; both are stopped through `onCleanUp`. `env` adds to or overrides the
 * bench settings (test mode, quiet logs, generous auth rate limit, one-day access tokens).
 */
export async function startBenchApi(
  database: BenchDatabase,
  onCleanUp: (stop: () => Promise<unknown>) => void,
  identity: Identity,
  env: Record<string, string> = {},
): Promise<BenchApi> {
  const provider = await startIdentityProvider();
  onCleanUp(() => provider.stop());
  const port = await getPort({ host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${String(port)}`;
  const api = startProcess('api', process.execPath, ['backend/dist/main.js'], {
    env: {
      ...process.env,
      ...provider.backendEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: database.uri,
      PUBLIC_URL: apiUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      // One access token for the whole run, however slow the database makes it.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      ...env,
    },
  });
  onCleanUp(() => api.stop());
  await waitUntil('The API', () => httpAnswers(`${apiUrl}/api/v1/health`), 60_000);
  provider.setNextIdentity(identity);
  const signUp = await fetch(`${apiUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ credential: await provider.issueIdToken() }),
  });
  if (!signUp.ok) {
    throw new Error(
      `The bench's sign-up answered ${String(signUp.status)}: ${await signUp.text()}`,
    );
  }
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  return { apiUrl, accessToken, pid: api.child.pid };
}
