/**
 * `npm test`: every suite of the project against a real database, one summary line per suite.
 * Exits non-zero when any suite fails. CI runs exactly this.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureSystemPackages } from './lib/system-packages.ts';
import { databaseUri, ensureFerretDbBinary, startDatabase } from './lib/database.ts';
import { startMailDev } from './lib/maildev.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import { run } from './lib/processes.ts';
import { countResults, type TestCounts } from './lib/test-results.ts';

interface Step {
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** A runner's JSON report to read the number of tests from; absent for single checks. */
  readonly resultsFile?: string;
}

interface Suite {
  readonly name: string;
  readonly steps: readonly Step[];
  /** A check done in code rather than by a command (contract drift). */
  readonly check?: () => Promise<string | undefined>;
}

interface SuiteOutcome extends TestCounts {
  readonly name: string;
  readonly ok: boolean;
  readonly seconds: number;
}

const RESULTS_DIR = path.join(TMP_DIR, 'results');
const CONTRACT_DIR = path.join(TMP_DIR, 'contract');
const npm = (...args: string[]): Pick<Step, 'command' | 'args'> => ({ command: 'npm', args });
const results = (name: string): string =>
  path.join(RESULTS_DIR, `${name.replaceAll(' ', '-')}.json`);

function jestSuite(name: string, script: string): Suite {
  const file = results(name);
  return {
    name,
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
  jestSuite('backend integration', 'test:int'),
  jestSuite('backend http e2e', 'test:e2e'),
  {
    // Schemathesis against the running backend: one test per API operation.
    name: 'api fuzz',
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
      {
        label: 'compose, Dockerfiles, nginx',
        command: 'node',
        args: ['--test', 'docker/docker-files.test.ts'],
      },
    ],
  },
  {
    name: 'container database',
    steps: [
      {
        // Where a container runtime answers (a user's CI), the tests' database is a mongo:8
        // container; here the test says why it is skipped.
        label: 'Testcontainers mongo:8',
        command: 'node',
        args: ['--test', 'scripts/database.test.ts'],
      },
    ],
  },
  {
    name: 'npm start',
    steps: [
      {
        label: 'one URL, clean stop',
        command: 'node',
        args: ['--test', 'scripts/start.test.ts'],
      },
    ],
  },
];

async function main(): Promise<number> {
  await rm(TMP_DIR, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });
  await mkdir(CONTRACT_DIR, { recursive: true });
  await ensureSystemPackages();
  // The database-outage tests start and stop a FerretDB of their own, whatever server the rest use.
  process.env.FERRETDB_BIN = await ensureFerretDbBinary();
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
    for (const suite of suites) outcomes.push(await runSuite(suite));
  } finally {
    await mailDev.stop();
    await database.stop();
  }
  return report(outcomes);
}

async function runSuite(suite: Suite): Promise<SuiteOutcome> {
  const startedAt = performance.now();
  const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  let ok = true;
  for (const step of suite.steps) {
    console.log(`\n━━ ${suite.name} › ${step.label}`);
    const exitCode = await run(step.command, step.args, {
      cwd: step.cwd ?? ROOT,
      env: { ...process.env, ...step.env },
    });
    const stepCounts = step.resultsFile
      ? await countResults(step.resultsFile)
      : { passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
    counts.passed += stepCounts.passed;
    counts.failed += stepCounts.failed;
    counts.skipped += stepCounts.skipped;
    if (exitCode !== 0) {
      ok = false;
      if (stepCounts.failed === 0) counts.failed += 1;
      break;
    }
  }
  if (ok && suite.check) {
    const problem = await suite.check();
    if (problem) {
      console.error(`\n${suite.name}: ${problem}`);
      ok = false;
      counts.failed += 1;
    } else {
      counts.passed += 1;
    }
  }
  return { name: suite.name, ok, seconds: (performance.now() - startedAt) / 1000, ...counts };
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
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
  console.log('\n━━ Summary');
  for (const outcome of outcomes) {
    const status = outcome.ok ? 'PASS' : 'FAIL';
    const skipped = outcome.skipped ? `, ${outcome.skipped} skipped` : '';
    console.log(
      `${status}  ${outcome.name.padEnd(width)}  ${outcome.passed} passed, ${outcome.failed} failed${skipped}  (${outcome.seconds.toFixed(1)} s)`,
    );
  }
  const total = (key: keyof TestCounts): number =>
    outcomes.reduce((sum, outcome) => sum + outcome[key], 0);
  const failedSuites = outcomes.filter((outcome) => !outcome.ok).length;
  console.log(`\ntests: ${total('passed')} passed, ${total('failed')} failed`);
  return failedSuites === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
