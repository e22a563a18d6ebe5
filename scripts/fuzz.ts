/**
 * `npm run test:fuzz` (and the "api fuzz" suite of `npm test`): Schemathesis generates requests
 * from openapi.yaml and sends them to the compiled backend, which runs on a real database and
 * signs people in through a local OpenID Connect provider. Every check is on: it fails on any 5xx,
 * on any status, content type, header or body the contract does not document, on invalid data
 * accepted and on valid data refused.
 *
 * Every operation is fuzzed, the Google redirect and its callback included; none is excluded.
 * Credentials come from scripts/fuzz/hooks.py: real sessions signed in through the provider (a
 * fresh one for each logout and each refresh, which spend the session they are given), and real
 * Google ID tokens for part of the register and login bodies, and real confirmation tokens (read
 * from the outbox the API queued them in) for part of the waitlist confirmation bodies.
 *
 * With a path argument (as `npm test` runs it), writes there the count of operations that passed
 * and failed, Jest-style, with the JUnit report of Schemathesis beside it.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import getPort from 'get-port';
import { MongoClient } from 'mongodb';
import { databaseUri, startDatabase, type DatabaseServer } from './lib/database.ts';
import { startIdentityProvider, type IdentityProvider } from './lib/identity-provider.ts';
import { startPaymentGateway, type LocalPaymentGateway } from './lib/payment-gateway.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import { httpAnswers, run, startProcess, waitUntil, type RunningProcess } from './lib/processes.ts';
import { ensureSchemathesis, FUZZ_DIR } from './lib/schemathesis.ts';
import { FUZZ_ADMIN, writeCredentials } from './lib/fuzz-credentials.ts';

/** Test cases per operation in the fuzzing phase; the issue asks for at least 200. */
const MAX_EXAMPLES = 200;
/** A fixed seed: the same commit sends the same requests, so a CI failure replays locally. */
const SEED = 20261101;
const WORKERS = 2;
const DATABASE_NAME = 'paylock_fuzz_test';
/** Test cases per admin operation in the second pass, signed in as a creator (403 expected). */
const CREATOR_PASS_MAX_EXAMPLES = 50;
const WORK_DIR = path.join(TMP_DIR, 'fuzz');
const EVENTS_FILE = path.join(WORK_DIR, 'schemathesis.ndjson');
const CREDENTIALS_FILE = path.join(WORK_DIR, 'credentials.json');

interface Stack {
  database?: DatabaseServer;
  /** Set when the server is MONGODB_URI's, which outlives the run, not a FerretDB of its own. */
  scratchDatabaseUri?: string;
  identityProvider?: IdentityProvider;
  paymentGateway?: LocalPaymentGateway;
  api?: RunningProcess;
}

async function main(): Promise<number> {
  const countsArgument = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
  const countsFile = countsArgument ? path.resolve(countsArgument) : undefined;
  const junitFile = countsFile
    ? countsFile.replace(/\.json$/, '.junit.xml')
    : path.join(WORK_DIR, 'schemathesis.junit.xml');
  await rm(WORK_DIR, { recursive: true, force: true });
  await mkdir(WORK_DIR, { recursive: true });
  await mkdir(path.dirname(junitFile), { recursive: true });
  await rm(junitFile, { force: true });

  const st = await ensureSchemathesis();
  // npm test builds the backend once, before the suites that run it (`--built`): building it
  // again here would rewrite backend/dist under the browser tests' servers.
  const built = process.argv.includes('--built');
  if (!built && (await run('npm', ['run', 'build', '--silent', '-w', 'backend'])) !== 0) {
    throw new Error('The backend did not compile.');
  }
  const stack: Stack = {};
  try {
    const apiUrl = await startStack(stack);
    if (!stack.database) throw new Error('The database is not running.');
    await writeCredentials(
      apiUrl,
      stack.identityProvider,
      databaseUri(stack.database.uri, DATABASE_NAME),
      CREDENTIALS_FILE,
    );
    const startedAt = performance.now();
    const hooksEnv = {
      ...process.env,
      SCHEMATHESIS_HOOKS: path.join(FUZZ_DIR, 'hooks.py'),
      PAYLOCK_FUZZ_API_URL: apiUrl,
      PAYLOCK_FUZZ_CREDENTIALS: CREDENTIALS_FILE,
    };
    // Every operation, the admin ones signed in as an admin.
    const exitCode = await run(st, schemathesisArgs(apiUrl, junitFile), {
      cwd: WORK_DIR, // where Hypothesis and Schemathesis keep their caches
      env: { ...hooksEnv, PAYLOCK_FUZZ_ROLE: 'admin' },
    });
    const seconds = (performance.now() - startedAt) / 1000;
    await printCasesPerOperation();
    console.log(`paylock: Schemathesis ran for ${seconds.toFixed(1)} s (exit ${exitCode})`);
    // The admin operations again, signed in as a creator: every answer must be 403 (a check in
    // hooks.py), whatever the parameters.
    const creatorJunit = junitFile.replace(/\.junit\.xml$/, '.creator.junit.xml');
    const creatorExitCode = await run(
      st,
      [
        ...schemathesisArgs(apiUrl, creatorJunit, CREATOR_PASS_MAX_EXAMPLES),
        '--include-path-regex=^/api/v1/admin/',
      ],
      { cwd: WORK_DIR, env: { ...hooksEnv, PAYLOCK_FUZZ_ROLE: 'creator' } },
    );
    await printCasesPerOperation();
    console.log(`paylock: the creator pass over the admin operations exited ${creatorExitCode}`);
    if (countsFile) await writeCounts([junitFile, creatorJunit], countsFile);
    return exitCode !== 0 ? exitCode : creatorExitCode;
  } finally {
    await stopStack(stack);
  }
}

function schemathesisArgs(apiUrl: string, junitFile: string, maxExamples = MAX_EXAMPLES): string[] {
  return [
    `--config-file=${path.join(FUZZ_DIR, 'schemathesis.toml')}`,
    'run',
    path.join(ROOT, 'openapi.yaml'),
    `--url=${apiUrl}`,
    '--checks=all',
    `--max-examples=${maxExamples}`,
    `--seed=${SEED}`,
    `--workers=${WORKERS}`,
    // No example database: every run starts from the seed alone, on CI and locally alike.
    '--generation-database=none',
    '--request-timeout=10',
    '--report=junit,ndjson',
    `--report-junit-path=${junitFile}`,
    `--report-ndjson-path=${EVENTS_FILE}`,
    ...(process.env.CI ? ['--no-color'] : []),
  ];
}

async function startStack(stack: Stack): Promise<string> {
  stack.database = await startDatabase({
    dataDir: path.join(WORK_DIR, 'ferretdb'),
    ephemeral: true,
  });
  if (process.env.MONGODB_URI) {
    // Start from an empty database, and leave none behind.
    stack.scratchDatabaseUri = databaseUri(stack.database.uri, DATABASE_NAME);
    await dropDatabase(stack.scratchDatabaseUri);
  }
  const identityProvider = await startIdentityProvider();
  stack.identityProvider = identityProvider;

  const port = await getPort({ host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${port}`;
  // Sending a deal needs a verified payout profile, which the local gateway verifies (#26).
  const paymentGateway = await startPaymentGateway({
    webhookUrl: `${apiUrl}/api/v1/payments/webhooks/razorpay`,
  });
  stack.paymentGateway = paymentGateway;
  stack.api = startProcess('api', process.execPath, ['backend/dist/main.js'], {
    env: {
      ...process.env,
      ...identityProvider.backendEnv,
      ...paymentGateway.backendEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: databaseUri(stack.database.uri, DATABASE_NAME),
      PUBLIC_URL: apiUrl,
      CORS_ORIGINS: apiUrl,
      LOG_LEVEL: 'error', // every refused request logs a warning: thousands here; a 5xx still shows
      // Thousands of requests a minute from one client: the limits would answer 429 to most of
      // them. 429 stays documented wherever a limit applies.
      RATE_LIMIT_WAITLIST_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000000',
      RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '1000000',
      ADMIN_EMAILS: FUZZ_ADMIN.email,
      ADMIN_EXPORTS_PER_MINUTE: '1000',
    },
  });
  await waitUntil('The backend', () => httpAnswers(`${apiUrl}/api/v1/health`), 60_000);
  return apiUrl;
}

async function stopStack(stack: Stack): Promise<void> {
  await stack.api?.stop();
  await stack.identityProvider?.stop();
  await stack.paymentGateway?.stop();
  if (stack.scratchDatabaseUri) {
    await dropDatabase(stack.scratchDatabaseUri).catch(() => undefined);
  }
  await stack.database?.stop();
}

async function dropDatabase(uri: string): Promise<void> {
  const client = await new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
}

/** What Schemathesis records of one scenario in its NDJSON events (the fields read here). */
interface ScenarioFinished {
  readonly phase: string;
  readonly recorder: {
    readonly label: string;
    readonly cases?: Record<string, unknown>;
    readonly interactions?: Record<
      string,
      { readonly response?: { readonly status_code: number } }
    >;
  };
}

/** Test cases and response statuses per operation, from the run's events. */
async function printCasesPerOperation(): Promise<void> {
  if (!existsSync(EVENTS_FILE)) return;
  const operations = new Map<string, { cases: number; statuses: Map<number, number> }>();
  const lines = createInterface({ input: createReadStream(EVENTS_FILE) });
  for await (const line of lines) {
    if (!line.startsWith('{"ScenarioFinished"')) continue;
    const { recorder } = (JSON.parse(line) as { ScenarioFinished: ScenarioFinished })
      .ScenarioFinished;
    const operation = operations.get(recorder.label) ?? {
      cases: 0,
      statuses: new Map<number, number>(),
    };
    operations.set(recorder.label, operation);
    operation.cases += Object.keys(recorder.cases ?? {}).length;
    for (const { response } of Object.values(recorder.interactions ?? {})) {
      if (!response) continue;
      const { status_code: status } = response;
      operation.statuses.set(status, (operation.statuses.get(status) ?? 0) + 1);
    }
  }
  console.log('\npaylock: test cases and response statuses per operation');
  console.table(
    Object.fromEntries(
      [...operations.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([label, { cases, statuses }]) => [
          label,
          {
            cases,
            statuses: [...statuses.entries()]
              .sort(([a], [b]) => a - b)
              .map(([status, count]) => `${status}×${count}`)
              .join(' '),
          },
        ]),
    ),
  );
}

/** One test per operation: passed when Schemathesis found nothing wrong with it. */
async function writeCounts(junitFiles: readonly string[], countsFile: string): Promise<void> {
  const reports = await Promise.all(
    junitFiles.map((file) => readFile(file, 'utf8').catch(() => '')),
  );
  const junit = reports.join('\n');
  const cases = junit.match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? [];
  const failed = cases.filter((testCase) => /<(failure|error)\b/.test(testCase)).length;
  const skipped = cases.filter((testCase) => /<skipped\b/.test(testCase)).length;
  await writeFile(
    countsFile,
    JSON.stringify({
      numPassedTests: cases.length - failed - skipped,
      numFailedTests: failed,
      numPendingTests: skipped,
    }),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
