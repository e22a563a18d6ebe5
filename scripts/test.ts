/**
 * `npm test`: every suite of the project (scripts/lib/test-suites.ts) against a real database, in
 * two lanes, one summary line per suite. Exits non-zero when any suite fails. CI runs exactly this.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureSystemPackages } from './lib/system-packages.ts';
import {
  databaseUri,
  ensureFerretDbBinary,
  startContainerDatabase,
  startDatabase,
  type DatabaseServer,
} from './lib/database.ts';
import { startMailDev } from './lib/maildev.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import { runPrefixed } from './lib/processes.ts';
import { childCpuLedger } from './lib/child-cpu.ts';
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
import { leftovers, removeOrphans, startContainerRuntime } from './lib/container-runtime.ts';
import { CONTRACT_DIR } from './lib/contract-drift.ts';
import {
  containers,
  type Lane,
  RESULTS_DIR,
  type Step,
  type Suite,
  suites,
} from './lib/test-suites.ts';

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
    stepCpu = childCpuLedger();
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

/** CPU seconds of each step, shown beside its time (children reaped since the lanes started). */
let stepCpu: ReturnType<typeof childCpuLedger> = childCpuLedger();

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
    const cpuSeconds = stepCpu.take();
    const cpu = cpuSeconds === undefined ? '' : ` (CPU ${cpuSeconds.toFixed(1)} s)`;
    console.log(`━━ ${suite.name} › ${step.label}: exit ${exitCode} after ${stepSeconds} s${cpu}`);
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
