import { readFile } from 'node:fs/promises';

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

/** Reads the test counts from a Jest, Vitest (Jest-compatible) or Playwright JSON report. */
export async function countResults(file: string): Promise<TestCounts> {
  let report: unknown;
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
  if (isPlaywrightReport(report)) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  const jest = report as JestReport;
  return {
    passed: jest.numPassedTests,
    failed: jest.numFailedTests,
    skipped: (jest.numPendingTests ?? 0) + (jest.numTodoTests ?? 0),
  };
}

function isPlaywrightReport(report: unknown): report is PlaywrightReport {
  return typeof report === 'object' && report !== null && 'stats' in report;
}
