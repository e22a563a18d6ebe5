/**
 * The figures of `npm test`: tests read from each runner's own report (passed, failed, skipped),
 * and steps that are not tests (lint, type checks, builds, drift checks) reported as steps.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const NO_TESTS: TestCounts = { passed: 0, failed: 0, skipped: 0 };

/**
 * Reads the test counts from a Jest, Vitest (Jest-compatible) or Playwright JSON report, or a
 * node:test TAP report (`*.tap`). A missing or unreadable report counts no tests.
 */
export async function countResults(file: string): Promise<TestCounts> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { ...NO_TESTS };
  }
  if (file.endsWith('.tap')) return countTap(text);
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    return { ...NO_TESTS };
  }
  if (isPlaywrightReport(report)) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  if (!isJestReport(report)) return { ...NO_TESTS };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** node:test's TAP reporter ends with `# pass N`, `# fail N`, `# cancelled N`, `# skipped N`, `# todo N`. */
export function countTap(tap: string): TestCounts {
  const total = (name: string): number => {
    const match = new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap);
    return match ? Number(match[1]) : 0;
  };
  return {
    passed: total('pass'),
    failed: total('fail') + total('cancelled'),
    skipped: total('skipped') + total('todo'),
  };
}

interface JestFileResult {
  name?: string;
  status?: string;
  failureMessage?: string | null;
  assertionResults?: { status?: string; fullName?: string }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { title?: string; file?: string; tests?: { status?: string }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * The names of the failed tests in a report, so a run's last lines say what failed (a CI log is
 * often read only from its tail).
 */
export async function failedTestNames(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  if (file.endsWith('.tap')) {
    return [...text.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((match) => match[1] ?? '');
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    return [];
  }
  if (isPlaywrightReport(report)) {
    return playwrightFailures((report as { suites?: PlaywrightSuite[] }).suites ?? []);
  }
  if (!isJestReport(report)) return [];
  const results = (report as { testResults?: JestFileResult[] }).testResults ?? [];
  return results.flatMap(jestFailures);
}

function jestFailures(result: JestFileResult): string[] {
  const where = path.relative(process.cwd(), result.name ?? '');
  const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
  if (failed.length > 0) return failed.map((test) => `${where} › ${test.fullName ?? ''}`);
  if (result.status !== 'failed') return [];
  const firstLine = (result.failureMessage ?? '').trim().split('\n')[0] ?? '';
  return [`${where}: ${firstLine}`];
}

function playwrightFailures(suites: readonly PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((test) => test.status === 'unexpected'))
      .map((spec) => `${spec.file ?? suite.file ?? ''} › ${spec.title ?? ''}`),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

function isPlaywrightReport(report: unknown): report is PlaywrightReport {
  return typeof report === 'object' && report !== null && 'stats' in report;
}

function isJestReport(report: unknown): report is JestReport {
  return typeof report === 'object' && report !== null && 'numPassedTests' in report;
}

export interface StepOutcome {
  readonly label: string;
  readonly ok: boolean;
}

export interface SuiteOutcome {
  readonly name: string;
  readonly seconds: number;
  /** Steps that are not tests (builds, lint, drift checks), in the order they ran. */
  readonly steps: readonly StepOutcome[];
  /** Tests read from the runners' reports; undefined for a suite of steps only. */
  readonly tests?: TestCounts;
  /** The database server the suite's tests ran on, for database-backed suites. */
  readonly server?: string;
  /** Why the suite's tests could not run here (missing infrastructure), named in the summary. */
  readonly skipReason?: string;
  /** The failed tests' names, listed at the end of the summary. */
  readonly failures?: readonly string[];
}

/**
 * What missing infrastructure (a container runtime, a database container) adds to a suite's steps:
 * nothing outside CI, where the suite's tests count as skipped and the summary names the reason;
 * under CI a failed step, so a run whose infrastructure broke can never look green.
 */
export function missingInfrastructureSteps(reason: string | undefined, ci: boolean): StepOutcome[] {
  return reason && ci ? [{ label: `infrastructure: ${reason}`, ok: false }] : [];
}

export type Verdict = 'PASS' | 'FAIL' | 'SKIP';

/**
 * A suite passes when all its steps did and none of its tests failed. A test suite whose report
 * holds no test at all fails (a wrong pattern or a broken reporter must not look green); one whose
 * tests were all skipped is SKIP, neither passed nor failed.
 */
export function verdict(outcome: SuiteOutcome): Verdict {
  if (outcome.steps.some((step) => !step.ok)) return 'FAIL';
  const tests = outcome.tests;
  if (!tests) return 'PASS';
  if (tests.failed > 0 || tests.passed + tests.skipped === 0) return 'FAIL';
  return tests.passed === 0 ? 'SKIP' : 'PASS';
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function describeSuite(outcome: SuiteOutcome): string {
  const { tests } = outcome;
  const failedSteps = outcome.steps.filter((step) => !step.ok);
  const parts: string[] = [];
  if (tests) {
    parts.push(`${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped`);
    if (tests.passed + tests.failed + tests.skipped === 0) parts.push('no tests ran');
  }
  if (outcome.skipReason) parts.push(`skipped because ${outcome.skipReason}`);
  if (failedSteps.length > 0) {
    parts.push(`step failed: ${failedSteps.map((step) => step.label).join(', ')}`);
  } else if (!tests) {
    parts.push(`${plural(outcome.steps.length, 'step')} ok`);
  }
  // A suite whose tests were all skipped ran on no server.
  if (outcome.server && (!tests || tests.passed + tests.failed > 0)) {
    parts.push(`on ${outcome.server}`);
  }
  return parts.join(' · ');
}

/** The summary of a run: one line per suite, the steps' total, and the tests' total last. */
export function summaryLines(outcomes: readonly SuiteOutcome[]): string[] {
  const width = Math.max(0, ...outcomes.map((outcome) => outcome.name.length));
  const lines = outcomes.map(
    (outcome) =>
      `${verdict(outcome)}  ${outcome.name.padEnd(width)}  ${describeSuite(outcome)}  (${outcome.seconds.toFixed(1)} s)`,
  );
  const steps = outcomes.flatMap((outcome) => outcome.steps);
  const failedSteps = steps.filter((step) => !step.ok).length;
  const total = (key: keyof TestCounts): number =>
    outcomes.reduce((sum, outcome) => sum + (outcome.tests?.[key] ?? 0), 0);
  const failures = outcomes.flatMap((outcome) =>
    (outcome.failures ?? []).map((name) => `  ${outcome.name}: ${name}`),
  );
  return [
    ...lines,
    '',
    `steps: ${steps.length - failedSteps} ok, ${failedSteps} failed`,
    `tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`,
    ...(failures.length > 0 ? ['failed tests:', ...failures] : []),
  ];
}
