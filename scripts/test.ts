/**
 * `npm test`: every suite of the project against a real database, one summary line per suite.
 * Exits non-zero when any suite fails. CI runs exactly this.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureSystemPackages } from './lib/system-packages.ts';
import {
  databaseUri,
  ensureFerretDbBinary,
  FERRETDB_VERSION,
  startContainerDatabase,
  startDatabase,
  type DatabaseServer,
} from './lib/database.ts';
import { startMailDev } from './lib/maildev.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import { runPrefixed } from './lib/processes.ts';
import {
  countResults,
  failedTestNames,
  missingInfrastructureSteps,
  summaryLines,
  verdict,
  type StepOutcome,
  type SuiteOutcome,
  type TestCounts,
} from './lib/test-results.ts';
import {
  leftovers,
  removeOrphans,
  startContainerRuntime,
  type ContainerRuntime,
} from './lib/container-runtime.ts';

interface Step {
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A runner's report to read the tests from (Jest/Vitest/Playwright JSON, node:test TAP). A step
   * with a report runs tests; one without is a step (build, lint, check), never counted as a test.
   */
  readonly resultsFile?: string;
  /** Runs with the container runtime's settings (DOCKER_HOST, CONTAINERS_CONF…); others never see them. */
  readonly containers?: boolean;
}

/**
 * npm test runs two lanes side by side, each on a test database server of its own: the backend's
 * suites (Jest, fuzzing, containers) and the browser's (lint, type checks, components, Playwright,
 * npm start). Each lane runs its suites one after another; together they keep both cores busy.
 */
type Lane = 'backend' | 'browser';

interface Suite {
  readonly name: string;
  readonly lane: Lane;
  /** A suite of the other lane that must have ended first (it builds what this one runs). */
  readonly after?: string;
  readonly steps: readonly Step[];
  /** A check done in code rather than by a command (contract drift); reported as a step. */
  readonly check?: () => Promise<string | undefined>;
  /**
   * The database server the suite's tests run on, shown in the summary; given the description of
   * the run's shared test database (MONGODB_URI), for suites that use it.
   */
  readonly server?: (testDatabase: string) => string;
  /**
   * Why the infrastructure this suite needs (the container runtime, a database container) is
   * missing. The suite then still runs in a mode that only counts its tests as skipped; under
   * `CI=true` the missing infrastructure is also a failed step, named, so a broken runtime can never
   * pass as a green run. Outside CI the summary names the reason beside the skipped count.
   */
  readonly unavailable?: () => string | undefined;
}

/** What npm test starts for the container suites: Podman's API socket and a database container. */
const containers: {
  runtime?: ContainerRuntime;
  database?: DatabaseServer;
  problem?: string;
} = {};

const RESULTS_DIR = path.join(TMP_DIR, 'results');
const CONTRACT_DIR = path.join(TMP_DIR, 'contract');
const npm = (...args: string[]): Pick<Step, 'command' | 'args'> => ({ command: 'npm', args });
const results = (name: string, extension = 'json'): string =>
  path.join(RESULTS_DIR, `${name.replaceAll(' ', '-')}.${extension}`);

/** node --test with its usual output here and a TAP report to count the tests from. */
function nodeTests(label: string, suiteName: string, files: readonly string[]): Step {
  const file = results(suiteName, 'tap');
  return {
    label,
    command: 'node',
    args: [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${file}`,
      ...files,
    ],
    resultsFile: file,
  };
}

/** Suites that run on the run's shared test database (MONGODB_URI). */
const onTestDatabase = (testDatabase: string): string => testDatabase;

/**
 * The integration suite a second time, on the database container (mongo:8 where it can be
 * pulled, else the project's FerretDB image): the same suites, another server.
 */
function containerIntegrationSuite(): Suite {
  const file = results('backend integration container');
  return {
    name: 'backend integration (container)',
    lane: 'backend',
    server: () => containers.database?.description ?? 'a database container',
    unavailable: () => containers.problem,
    steps: [
      {
        label: 'backend integration on the database container',
        command: 'npm',
        // Without a database container, a name pattern that matches no test makes Jest report
        // every test as skipped (none of their hooks run), so the summary counts them all.
        get args() {
          const countOnly = containers.problem ? ['--testNamePattern=^\\b$'] : [];
          // The FerretDB image runs the very binary the previous suite's tests ran on: the database
          // kit's suites show the container serves them; a different server (mongo:8) gets all.
          const kitOnly = containers.database?.sameAsLanes
            ? ['--testPathPatterns', 'src/database/']
            : [];
          return [
            'run',
            'test:int',
            '-w',
            'backend',
            '--',
            '--json',
            `--outputFile=${file}`,
            ...countOnly,
            ...kitOnly,
          ];
        },
        resultsFile: file,
        get env() {
          return { MONGODB_URI: databaseUri(containers.database?.uri ?? '', 'paylock_test') };
        },
      },
    ],
  };
}

function jestSuite(name: string, script: string, server?: Suite['server']): Suite {
  const file = results(name);
  return {
    name,
    lane: 'backend',
    ...(server ? { server } : {}),
    steps: [
      {
        label: name,
        ...npm('run', script, '-w', 'backend', '--', '--json', `--outputFile=${file}`),
        resultsFile: file,
      },
    ],
  };
}

/** Every suite, in the order they run. */
const suites: readonly Suite[] = [
  {
    name: 'lint',
    lane: 'browser',
    steps: [
      { label: 'eslint', command: 'eslint', args: ['.', '--max-warnings=0'] },
      { label: 'prettier', command: 'prettier', args: ['--check', '.', '--log-level=warn'] },
      { label: 'layer rules', ...npm('run', 'lint:deps', '--silent') },
      { label: 'OpenAPI rules', ...npm('run', 'lint:openapi', '--silent') },
    ],
  },
  {
    name: 'typecheck',
    lane: 'backend',
    steps: [
      { label: 'scripts', command: 'tsc', args: ['-p', 'scripts'] },
      { label: 'docker checks', command: 'tsc', args: ['-p', 'docker'] },
      { label: 'benchmarks', command: 'tsc', args: ['-p', 'bench'] },
      { label: 'backend', ...npm('run', 'typecheck', '-w', 'backend', '--silent') },
      { label: 'frontend', ...npm('run', 'typecheck', '-w', 'frontend', '--silent') },
      {
        label: 'identity provider',
        ...npm('run', 'typecheck', '-w', 'packages/identity-provider', '--silent'),
      },
      { label: 'dev mail', ...npm('run', 'typecheck', '-w', 'packages/dev-mail', '--silent') },
      {
        label: 'SMS inbox',
        ...npm('run', 'typecheck', '-w', 'packages/sms-inbox', '--silent'),
      },
      {
        label: 'payment gateway',
        ...npm('run', 'typecheck', '-w', 'packages/payment-gateway', '--silent'),
      },
      { label: 'dev HTTP', ...npm('run', 'typecheck', '-w', 'packages/dev-http', '--silent') },
      {
        label: 'deal limits',
        ...npm('run', 'typecheck', '-w', 'packages/deal-limits', '--silent'),
      },
    ],
  },
  {
    name: 'contract',
    lane: 'backend',
    steps: [
      { label: 'backend build', ...npm('run', 'build', '-w', 'backend', '--silent') },
      {
        label: 'openapi export',
        command: 'node',
        args: ['backend/dist/bootstrap/export-openapi.js', path.join(CONTRACT_DIR, 'openapi.yaml')],
      },
      {
        label: 'client generation',
        ...npm('run', 'client:generate', '-w', 'frontend', '--silent'),
        env: { PAYLOCK_CLIENT_OUTPUT: path.join(CONTRACT_DIR, 'client') },
      },
    ],
    check: checkContractDrift,
  },
  jestSuite('backend unit', 'test:unit'),
  jestSuite('backend integration', 'test:int', onTestDatabase),
  containerIntegrationSuite(),
  jestSuite('backend http e2e', 'test:e2e', onTestDatabase),
  {
    // Schemathesis against the running backend: one test per API operation.
    name: 'api fuzz',
    lane: 'backend',
    server: onTestDatabase,
    steps: [
      {
        label: 'schemathesis',
        command: 'node',
        args: ['scripts/fuzz.ts', results('api fuzz'), '--built'],
        resultsFile: results('api fuzz'),
      },
    ],
  },
  {
    name: 'frontend components',
    lane: 'browser',
    steps: [
      {
        label: 'vitest',
        ...npm(
          'run',
          'test:unit',
          '-w',
          'frontend',
          '--',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${results('frontend-components')}`,
        ),
        resultsFile: results('frontend-components'),
      },
    ],
  },
  {
    name: 'frontend build',
    lane: 'browser',
    steps: [
      { label: 'build and prerender', ...npm('run', 'build', '-w', 'frontend', '--silent') },
      { label: 'bundle size budgets', ...npm('run', 'check:bundle-size', '-w', 'frontend') },
    ],
  },
  {
    name: 'browser e2e',
    lane: 'browser',
    after: 'contract',
    server: onTestDatabase,
    steps: [
      {
        label: 'playwright',
        ...npm('run', 'test:e2e', '-w', 'frontend'),
        resultsFile: path.join(RESULTS_DIR, 'browser-e2e.json'),
      },
    ],
  },
  {
    name: 'docker files',
    lane: 'browser',
    steps: [
      nodeTests('compose, Dockerfiles, nginx', 'docker files', ['docker/docker-files.test.ts']),
    ],
  },
  {
    // With a container runtime, `npm start` and `npm test` take their database from a container
    // (mongo:8 where it can be pulled, else FerretDB's image); without one, the tests say why.
    name: 'container database',
    lane: 'browser',
    server: () => containers.database?.description ?? 'a database container',
    unavailable: () => containers.problem,
    steps: [
      {
        ...nodeTests('Testcontainers', 'container database', ['scripts/database.test.ts']),
        containers: true,
      },
    ],
  },
  {
    // The backend, frontend and database images built and run together (docker/README.md).
    name: 'container images',
    lane: 'browser',
    server: () => 'the FerretDB image, in a pod with the backend and frontend images',
    unavailable: () => containers.problem,
    steps: [
      {
        ...nodeTests('build and run', 'container images', ['docker/containers.test.ts']),
        containers: true,
      },
    ],
  },
  {
    name: 'scripts',
    lane: 'backend',
    steps: [
      nodeTests('test figures, .env loading, processes, codemods, duplicates count', 'scripts', [
        'scripts/test-results.test.ts',
        'scripts/env-file.test.ts',
        'scripts/lib/processes.test.ts',
        'scripts/lib/build-stamp.test.ts',
        'scripts/codemods/at-alias.test.ts',
        'scripts/lib/declaration-lines.test.ts',
      ]),
    ],
  },
  {
    name: 'docs',
    lane: 'backend',
    steps: [nodeTests('docs against the code', 'docs', ['scripts/docs.test.ts'])],
  },
  {
    name: 'identity provider',
    lane: 'backend',
    steps: [
      nodeTests(
        "local OIDC provider and account chooser; the stand-ins' HTTP helpers",
        'identity provider',
        [
          'packages/identity-provider/src/identity-provider.test.ts',
          'packages/dev-http/src/dev-http.test.ts',
        ],
      ),
    ],
  },
  {
    name: 'SMS inbox',
    lane: 'backend',
    steps: [
      nodeTests("the MSG91 Flow endpoint and the inbox's page", 'SMS inbox', [
        'packages/sms-inbox/src/sms-inbox.test.ts',
      ]),
    ],
  },
  {
    name: 'payment gateway',
    lane: 'backend',
    steps: [
      nodeTests('the local Razorpay stand-in: API, checkout, webhooks, faults', 'payment gateway', [
        'packages/payment-gateway/src/payment-gateway.test.ts',
      ]),
    ],
  },
  {
    name: 'npm start',
    lane: 'browser',
    // It rebuilds backend/dist, from which the fuzzing's API runs.
    after: 'api fuzz',
    server: () => `its own FerretDB ${FERRETDB_VERSION} (SQLite)`,
    steps: [
      nodeTests('one URL, sign-in, clean stop; dev server; front server bursts', 'npm start', [
        'scripts/start.test.ts',
        'scripts/dev-server.test.ts',
        'scripts/web-server.test.ts',
      ]),
    ],
  },
];

async function main(): Promise<number> {
  await rm(TMP_DIR, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });
  await mkdir(CONTRACT_DIR, { recursive: true });
  await ensureSystemPackages();
  // The database-outage tests start and stop a FerretDB of their own, whatever server the rest
  // use: so even with MONGODB_URI, FerretDB is built (with Go) unless FERRETDB_BIN names one.
  process.env.FERRETDB_BIN ??= await ensureFerretDbBinary();
  const databases = {
    backend: await startLaneDatabase('backend'),
    browser: await startLaneDatabase('browser'),
  } satisfies Record<Lane, DatabaseServer>;
  // The backend lane's database is the run's default (the fuzzing's MailDev, below, goes with it).
  process.env.MONGODB_URI = databaseUri(databases.backend.uri, 'paylock_test');
  // One MailDev for the suites that run a backend without their own (the API fuzz); the Jest
  // files and browser stacks that read mail start their own, so their inboxes are theirs alone.
  const mailDev = await startMailDev();
  process.env.SMTP_URL = mailDev.smtpUrl;
  process.env.MAILDEV_API_URL = mailDev.apiUrl;
  process.env.PLAYWRIGHT_JSON_OUTPUT_FILE = path.join(RESULTS_DIR, 'browser-e2e.json');
  process.env.CI ??= 'true';

  const outcomes = new Map<string, SuiteOutcome>();
  try {
    await startContainers();
    const ended = new Map(suites.map((suite) => [suite.name, endSignal()]));
    const runLane = async (lane: Lane): Promise<void> => {
      for (const suite of suites.filter((candidate) => candidate.lane === lane)) {
        if (suite.after) await ended.get(suite.after)?.promise;
        outcomes.set(suite.name, await runSuite(suite, databases[lane]));
        ended.get(suite.name)?.resolve();
      }
    };
    const lanes = [...new Set(suites.map((suite) => suite.lane))];
    await Promise.all(lanes.map(runLane));
  } finally {
    await mailDev.stop();
    await Promise.all(Object.values(databases).map((database) => database.stop()));
    await containers.database?.stop();
    await containers.runtime?.stop();
  }
  const inOrder = suites.flatMap((suite) => outcomes.get(suite.name) ?? []);
  if (containers.runtime) inOrder.push(await checkNothingLeftBehind());
  return report(inOrder);
}

/** A promise resolved from outside: a suite's end, awaited by a suite of the other lane. */
function endSignal(): { promise: Promise<undefined>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<undefined>((done) => {
    resolve = () => {
      done(undefined);
    };
  });
  return { promise, resolve };
}

/** A lane's own test database server (or the one MONGODB_URI names, shared by both lanes). */
async function startLaneDatabase(lane: Lane): Promise<DatabaseServer> {
  const database = await startDatabase({
    dataDir: path.join(TMP_DIR, `ferretdb-${lane}`),
    ephemeral: true,
    // The container suites get a database container of their own (below).
    containers: false,
  });
  console.log(`paylock: ${lane} lane's test database: ${database.description}`);
  return database;
}

/** Podman's API socket and the database container; the reason to skip when they cannot be had. */
async function startContainers(): Promise<void> {
  const startedAt = performance.now();
  const result = await startContainerRuntime().catch((error: unknown) => ({
    runtime: undefined,
    skipReason: `the container runtime failed: ${error instanceof Error ? error.message : String(error)}`,
  }));
  if (!result.runtime) {
    containers.problem = result.skipReason;
    console.log(`paylock: container suites cannot run: ${containers.problem}`);
    return;
  }
  containers.runtime = result.runtime;
  console.log(`paylock: container runtime: ${result.runtime.description}`);
  // What a killed run started is no longer anyone's; the clean-up check at the end counts on it.
  for (const orphan of await removeOrphans()) {
    console.log(`paylock: removed ${orphan}, left by an interrupted run`);
  }
  // Testcontainers in this process reads them; other suites' children get them only when asked.
  Object.assign(process.env, result.runtime.env);
  try {
    containers.database = await startContainerDatabase();
    console.log(
      `paylock: container database: ${containers.database.description} (${((performance.now() - startedAt) / 1000).toFixed(1)} s with the runtime)`,
    );
  } catch (error) {
    containers.problem = `the database container did not start: ${error instanceof Error ? error.message : String(error)}`;
    console.error(`paylock: ${containers.problem}`);
  }
}

/** No container, pod, volume, stray image or API socket once npm test has stopped. */
async function checkNothingLeftBehind(): Promise<SuiteOutcome> {
  const startedAt = performance.now();
  const problems = await leftovers();
  for (const problem of problems) console.error(`paylock: left behind: ${problem}`);
  return {
    name: 'containers cleaned up',
    seconds: (performance.now() - startedAt) / 1000,
    steps: [{ label: 'nothing left behind', ok: problems.length === 0 }],
  };
}

/** The environment of a step: the runtime's settings only for container steps. */
function stepEnvironment(step: Step, database: DatabaseServer): NodeJS.ProcessEnv {
  const runtimeNames = new Set(Object.keys(containers.runtime?.env ?? {}));
  const env: NodeJS.ProcessEnv = step.containers
    ? { ...process.env }
    : Object.fromEntries(Object.entries(process.env).filter(([name]) => !runtimeNames.has(name)));
  if (step.containers && containers.problem) env.PAYLOCK_CONTAINERS_SKIP = containers.problem;
  return { ...env, MONGODB_URI: databaseUri(database.uri, 'paylock_test'), ...step.env };
}

async function runSuite(suite: Suite, database: DatabaseServer): Promise<SuiteOutcome> {
  const startedAt = performance.now();
  const steps: StepOutcome[] = [];
  let tests: TestCounts | undefined;
  const failures: string[] = [];
  const missing = suite.unavailable?.();
  if (missing) {
    console.log(`\n━━ ${suite.name}: its tests are counted as skipped (${missing})`);
    steps.push(...missingInfrastructureSteps(missing, process.env.CI === 'true'));
  }
  for (const step of suite.steps) {
    console.log(`\n━━ ${suite.name} › ${step.label}: started`);
    const stepStartedAt = performance.now();
    const exitCode = await runPrefixed(suite.name, step.command, step.args, {
      cwd: step.cwd ?? ROOT,
      env: stepEnvironment(step, database),
    });
    const stepSeconds = ((performance.now() - stepStartedAt) / 1000).toFixed(1);
    console.log(`━━ ${suite.name} › ${step.label}: exit ${exitCode} after ${stepSeconds} s`);
    if (step.resultsFile) {
      const counts = await countResults(step.resultsFile);
      tests ??= { passed: 0, failed: 0, skipped: 0 };
      tests.passed += counts.passed;
      tests.failed += counts.failed;
      tests.skipped += counts.skipped;
      if (counts.failed > 0) failures.push(...(await failedTestNames(step.resultsFile)));
      // A runner that failed without a failed test in its report (it crashed, or found no
      // tests) fails as a step; its tests are what its report says.
      if (exitCode !== 0 && counts.failed === 0) steps.push({ label: step.label, ok: false });
    } else {
      steps.push({ label: step.label, ok: exitCode === 0 });
    }
    if (exitCode !== 0) break;
  }
  if (suite.check && steps.every((step) => step.ok)) {
    const problem = await suite.check();
    if (problem) console.error(`\n${suite.name}: ${problem}`);
    steps.push({ label: 'drift check', ok: problem === undefined });
  }
  return {
    name: suite.name,
    seconds: (performance.now() - startedAt) / 1000,
    steps,
    ...(tests ? { tests } : {}),
    ...(suite.server ? { server: suite.server(database.description) } : {}),
    ...(missing ? { skipReason: missing } : {}),
    ...(failures.length > 0 ? { failures } : {}),
  };
}

/** The committed openapi.yaml and generated client must equal what the code produces now. */
async function checkContractDrift(): Promise<string | undefined> {
  const exported = await readFile(path.join(CONTRACT_DIR, 'openapi.yaml'), 'utf8');
  const committed = await readFile(path.join(ROOT, 'openapi.yaml'), 'utf8').catch(() => '');
  if (exported !== committed) {
    return 'openapi.yaml differs from the code. Run `npm run openapi` and commit the result.';
  }
  const generated = path.join(ROOT, 'frontend', 'src', 'api', 'generated');
  const fresh = path.join(CONTRACT_DIR, 'client');
  const drift = await compareTrees(fresh, generated);
  return drift
    ? `the generated client differs from openapi.yaml (${drift}). Run \`npm run openapi\` and commit the result.`
    : undefined;
}

async function compareTrees(expected: string, actual: string): Promise<string | undefined> {
  const [expectedFiles, actualFiles] = await Promise.all([listFiles(expected), listFiles(actual)]);
  const missing = expectedFiles.filter((file) => !actualFiles.includes(file));
  const extra = actualFiles.filter((file) => !expectedFiles.includes(file));
  if (missing.length || extra.length) return `files: +${missing.join(', +')} -${extra.join(', -')}`;
  for (const file of expectedFiles) {
    const [want, have] = await Promise.all([
      readFile(path.join(expected, file), 'utf8'),
      readFile(path.join(actual, file), 'utf8'),
    ]);
    if (want !== have) return `${file} changed`;
  }
  return undefined;
}

async function listFiles(directory: string): Promise<string[]> {
  if (!existsSync(directory)) return [];
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
}

function report(outcomes: readonly SuiteOutcome[]): number {
  console.log('\n━━ Summary');
  for (const line of summaryLines(outcomes)) console.log(line);
  return outcomes.some((outcome) => verdict(outcome) === 'FAIL') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
