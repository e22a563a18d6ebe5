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
  startDatabase,
} from './lib/database.ts';
import { startMailDev } from './lib/maildev.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import { run } from './lib/processes.ts';
import {
  countResults,
  summaryLines,
  verdict,
  type StepOutcome,
  type SuiteOutcome,
  type TestCounts,
} from './lib/test-results.ts';

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
}

interface Suite {
  readonly name: string;
  readonly steps: readonly Step[];
  /** A check done in code rather than by a command (contract drift); reported as a step. */
  readonly check?: () => Promise<string | undefined>;
  /**
   * The database server the suite's tests run on, shown in the summary; given the description of
   * the run's shared test database (MONGODB_URI), for suites that use it.
   */
  readonly server?: (testDatabase: string) => string;
}

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

function jestSuite(name: string, script: string, server?: Suite['server']): Suite {
  const file = results(name);
  return {
    name,
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
    steps: [
      { label: 'eslint', command: 'eslint', args: ['.', '--max-warnings=0'] },
      { label: 'prettier', command: 'prettier', args: ['--check', '.', '--log-level=warn'] },
      { label: 'layer rules', ...npm('run', 'lint:deps', '--silent') },
    ],
  },
  {
    name: 'typecheck',
    steps: [
      { label: 'scripts', command: 'tsc', args: ['-p', 'scripts'] },
      { label: 'docker checks', command: 'tsc', args: ['-p', 'docker'] },
      { label: 'benchmarks', command: 'tsc', args: ['-p', 'bench'] },
      { label: 'backend', ...npm('run', 'typecheck', '-w', 'backend', '--silent') },
      { label: 'frontend', ...npm('run', 'typecheck', '-w', 'frontend', '--silent') },
    ],
  },
  {
    name: 'contract',
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
  jestSuite('backend http e2e', 'test:e2e', onTestDatabase),
  {
    // Schemathesis against the running backend: one test per API operation.
    name: 'api fuzz',
    server: onTestDatabase,
    steps: [
      {
        label: 'schemathesis',
        command: 'node',
        args: ['scripts/fuzz.ts', results('api fuzz')],
        resultsFile: results('api fuzz'),
      },
    ],
  },
  {
    name: 'frontend components',
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
    steps: [
      { label: 'build and prerender', ...npm('run', 'build', '-w', 'frontend', '--silent') },
      { label: 'bundle size budgets', ...npm('run', 'check:bundle-size', '-w', 'frontend') },
    ],
  },
  {
    name: 'browser e2e',
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
    steps: [
      nodeTests('compose, Dockerfiles, nginx', 'docker files', ['docker/docker-files.test.ts']),
    ],
  },
  {
    // Where a container runtime answers (a user's CI), the tests' database is a mongo:8
    // container; elsewhere the test is skipped and says why.
    name: 'container database',
    server: () => 'mongo:8 container (Testcontainers)',
    steps: [
      nodeTests('Testcontainers mongo:8', 'container database', ['scripts/database.test.ts']),
    ],
  },
  {
    name: 'scripts',
    steps: [nodeTests('test figures', 'scripts', ['scripts/test-results.test.ts'])],
  },
  {
    name: 'npm start',
    server: () => `its own FerretDB ${FERRETDB_VERSION} (SQLite)`,
    steps: [
      nodeTests('one URL, sign-in, clean stop; dev server', 'npm start', [
        'scripts/start.test.ts',
        'scripts/dev-server.test.ts',
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
  const database = await startDatabase({
    dataDir: path.join(TMP_DIR, 'ferretdb'),
    ephemeral: true,
  });
  console.log(`paylock: test database: ${database.description}`);
  process.env.MONGODB_URI = databaseUri(database.uri, 'paylock_test');
  // One MailDev for the suites that run a backend without their own (the API fuzz); the Jest
  // files and browser stacks that read mail start their own, so their inboxes are theirs alone.
  const mailDev = await startMailDev();
  process.env.SMTP_URL = mailDev.smtpUrl;
  process.env.MAILDEV_API_URL = mailDev.apiUrl;
  process.env.PLAYWRIGHT_JSON_OUTPUT_FILE = path.join(RESULTS_DIR, 'browser-e2e.json');
  process.env.CI ??= 'true';

  const outcomes: SuiteOutcome[] = [];
  try {
    for (const suite of suites) outcomes.push(await runSuite(suite, database.description));
  } finally {
    await mailDev.stop();
    await database.stop();
  }
  return report(outcomes);
}

async function runSuite(suite: Suite, testDatabase: string): Promise<SuiteOutcome> {
  const startedAt = performance.now();
  const steps: StepOutcome[] = [];
  let tests: TestCounts | undefined;
  for (const step of suite.steps) {
    console.log(`\n━━ ${suite.name} › ${step.label}`);
    const exitCode = await run(step.command, step.args, {
      cwd: step.cwd ?? ROOT,
      env: { ...process.env, ...step.env },
    });
    if (step.resultsFile) {
      const counts = await countResults(step.resultsFile);
      tests ??= { passed: 0, failed: 0, skipped: 0 };
      tests.passed += counts.passed;
      tests.failed += counts.failed;
      tests.skipped += counts.skipped;
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
    ...(suite.server ? { server: suite.server(testDatabase) } : {}),
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
