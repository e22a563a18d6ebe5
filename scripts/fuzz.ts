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
import { parse } from 'yaml';
import { databaseUri, startDatabase, type DatabaseServer } from './lib/database.ts';
import { startIdentityProvider, type IdentityProvider } from './lib/identity-provider.ts';
import { startPaymentGateway, type LocalPaymentGateway } from './lib/payment-gateway.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import {
  httpAnswers,
  run,
  runPrefixed,
  startProcess,
  waitUntil,
  type RunningProcess,
} from './lib/processes.ts';
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
    const schemathesis = (pass: Pass, role: 'admin' | 'creator'): Promise<number> =>
      runPrefixed(pass.name, st, [...schemathesisArgs(apiUrl, pass), ...pass.args], {
        cwd: WORK_DIR, // where Hypothesis and Schemathesis keep their caches
        env: { ...hooksEnv, PAYLOCK_FUZZ_ROLE: role },
      });
    const passes = fuzzPasses(await operationIds(), junitFile);
    await Promise.all(Object.values(passes).map(({ junit }) => rm(junit, { force: true })));
    // Schemathesis is bound by one Python thread: two processes side by side, each on half the
    // operations' fuzzing, keep both cores busy. Every operation, the admin ones signed in as an
    // admin; then the admin operations again signed in as a creator: every answer must be 403 (a
    // check in hooks.py), whatever the parameters.
    const exitCodes = await Promise.all([
      sequence([
        () => schemathesis(passes.everyOperation, 'admin'),
        () => schemathesis(passes.firstHalf, 'admin'),
      ]),
      sequence([
        () => schemathesis(passes.secondHalf, 'admin'),
        () => schemathesis(passes.creator, 'creator'),
      ]),
    ]);
    const adminPasses = [passes.everyOperation, passes.firstHalf, passes.secondHalf];
    await printCasesPerOperation(adminPasses);
    await printCasesPerOperation([passes.creator]);
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      `paylock: Schemathesis ran for ${seconds.toFixed(1)} s (exit ${exitCodes.join(', ')})`,
    );
    if (countsFile) await writeCounts([adminPasses, [passes.creator]], countsFile);
    return exitCodes.find((code) => code !== 0) ?? 0;
  } finally {
    await stopStack(stack);
  }
}

/** One run of Schemathesis: its phases and operations, and where it writes its reports. */
interface Pass {
  readonly name: string;
  readonly junit: string;
  readonly events: string;
  readonly maxExamples: number;
  /** The phases and the operations it selects. */
  readonly args: readonly string[];
}

/**
 * The runs of Schemathesis: every operation through the examples, coverage and stateful phases
 * (the stateful links join operations of both halves); the fuzzing phase in two halves, by
 * operation id in turn; the admin operations signed in as a creator.
 */
function fuzzPasses(
  ids: readonly string[],
  junitFile: string,
): Record<'everyOperation' | 'firstHalf' | 'secondHalf' | 'creator', Pass> {
  const pass = (name: string, args: readonly string[], maxExamples = MAX_EXAMPLES): Pass => ({
    name,
    junit: junitFile.replace(
      /\.junit\.xml$/,
      name === 'schemathesis' ? '.junit.xml' : `.${name}.junit.xml`,
    ),
    events: path.join(WORK_DIR, `${name}.ndjson`),
    maxExamples,
    args,
  });
  const half = (parity: number): string[] =>
    ids.filter((_, index) => index % 2 === parity).map((id) => `--include-operation-id=${id}`);
  return {
    everyOperation: pass('schemathesis', ['--phases=examples,coverage,stateful']),
    firstHalf: pass('fuzzing-1', ['--phases=fuzzing', ...half(0)]),
    secondHalf: pass('fuzzing-2', ['--phases=fuzzing', ...half(1)]),
    creator: pass('creator', ['--include-path-regex=^/api/v1/admin/'], CREATOR_PASS_MAX_EXAMPLES),
  };
}

/** Every operation id of openapi.yaml, sorted. */
async function operationIds(): Promise<string[]> {
  const document = parse(await readFile(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(document.paths)
    .flatMap((operations) => Object.values(operations))
    .flatMap(({ operationId }) => (operationId ? [operationId] : []))
    .sort();
}

/** Runs one after another; resolves with the first non-zero exit code, or 0. */
async function sequence(steps: readonly (() => Promise<number>)[]): Promise<number> {
  let firstFailure = 0;
  for (const step of steps) {
    const code = await step();
    if (firstFailure === 0) firstFailure = code;
  }
  return firstFailure;
}

function schemathesisArgs(apiUrl: string, pass: Pass): string[] {
  return [
    `--config-file=${path.join(FUZZ_DIR, 'schemathesis.toml')}`,
    'run',
    path.join(ROOT, 'openapi.yaml'),
    `--url=${apiUrl}`,
    '--checks=all',
    `--max-examples=${pass.maxExamples}`,
    `--seed=${SEED}`,
    `--workers=${WORKERS}`,
    // No example database: every run starts from the seed alone, on CI and locally alike.
    '--generation-database=none',
    '--request-timeout=10',
    '--report=junit,ndjson',
    `--report-junit-path=${pass.junit}`,
    `--report-ndjson-path=${pass.events}`,
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

/** Test cases and response statuses per operation, from the events of these passes. */
async function printCasesPerOperation(passes: readonly Pass[]): Promise<void> {
  const operations = new Map<string, { cases: number; statuses: Map<number, number> }>();
  for (const { events } of passes) {
    if (!existsSync(events)) continue;
    for await (const line of createInterface({ input: createReadStream(events) })) {
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
  }
  if (operations.size === 0) return;
  console.log(
    `\npaylock: test cases and response statuses per operation (${passes.map(({ name }) => name).join(', ')})`,
  );
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

type Verdict = 'failed' | 'passed' | 'skipped';
const VERDICT_RANK: Record<Verdict, number> = { skipped: 0, passed: 1, failed: 2 };

/**
 * One test per operation and group of passes (an operation's phases may be in several passes of a
 * group): failed when any pass found something wrong with it, skipped when every pass skipped it.
 */
async function writeCounts(
  groups: readonly (readonly Pass[])[],
  countsFile: string,
): Promise<void> {
  const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  for (const group of groups) {
    const verdicts = new Map<string, Verdict>();
    for (const { junit } of group) {
      const report = await readFile(junit, 'utf8').catch(() => '');
      for (const testCase of report.match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? []) {
        const name = /\bname="([^"]*)"/.exec(testCase)?.[1] ?? testCase;
        const verdict: Verdict = /<(failure|error)\b/.test(testCase)
          ? 'failed'
          : /<skipped\b/.test(testCase)
            ? 'skipped'
            : 'passed';
        const previous = verdicts.get(name);
        if (!previous || VERDICT_RANK[verdict] > VERDICT_RANK[previous])
          verdicts.set(name, verdict);
      }
    }
    for (const verdict of verdicts.values()) {
      if (verdict === 'failed') counts.numFailedTests += 1;
      else if (verdict === 'skipped') counts.numPendingTests += 1;
      else counts.numPassedTests += 1;
    }
  }
  await writeFile(countsFile, JSON.stringify(counts));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
