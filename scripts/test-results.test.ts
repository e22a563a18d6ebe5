/**
 * `npm test`'s figures: skipped tests counted as skipped, steps never counted as tests, a suite
 * without tests failing, the server of database-backed suites named.
 *   node --test scripts/test-results.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  countResults,
  countTap,
  failedTestNames,
  missingInfrastructureSteps,
  summaryLines,
  verdict,
  type SuiteOutcome,
} from './lib/test-results.ts';

const TAP = `TAP version 13
ok 1 - a
ok 2 - b # SKIP no docker
not ok 3 - c
1..3
# tests 3
# suites 0
# pass 1
# fail 1
# cancelled 1
# skipped 1
# todo 1
# duration_ms 12.3
`;

void describe('reading runners’ reports', () => {
  void it('counts node:test TAP: cancelled as failed, todo as skipped', () => {
    assert.deepEqual(countTap(TAP), { passed: 1, failed: 2, skipped: 2 });
  });

  void it('reads Jest, Playwright and TAP files; a missing or foreign report counts nothing', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'paylock-results-'));
    try {
      const file = (name: string, content: string) =>
        writeFile(path.join(directory, name), content).then(() => path.join(directory, name));
      const jest = await file(
        'jest.json',
        JSON.stringify({
          numPassedTests: 5,
          numFailedTests: 1,
          numPendingTests: 2,
          numTodoTests: 1,
        }),
      );
      const playwright = await file(
        'pw.json',
        JSON.stringify({ stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 } }),
      );
      const tap = await file('node.tap', TAP);
      const foreign = await file('other.json', '{"hello":1}');
      assert.deepEqual(await countResults(jest), { passed: 5, failed: 1, skipped: 3 });
      assert.deepEqual(await countResults(playwright), { passed: 4, failed: 1, skipped: 2 });
      assert.deepEqual(await countResults(tap), { passed: 1, failed: 2, skipped: 2 });
      assert.deepEqual(await countResults(foreign), { passed: 0, failed: 0, skipped: 0 });
      assert.deepEqual(await countResults(path.join(directory, 'absent.json')), {
        passed: 0,
        failed: 0,
        skipped: 0,
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

void describe('naming the failed tests', () => {
  void it('reads them from Jest, Playwright and TAP reports', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'paylock-failures-'));
    try {
      const file = (name: string, content: string) =>
        writeFile(path.join(directory, name), content).then(() => path.join(directory, name));
      const jest = await file(
        'jest.json',
        JSON.stringify({
          numPassedTests: 1,
          numFailedTests: 1,
          testResults: [
            {
              name: path.join(process.cwd(), 'test/deals.e2e-spec.ts'),
              status: 'failed',
              assertionResults: [
                { status: 'passed', fullName: 'deals lists' },
                { status: 'failed', fullName: 'deals approves once' },
              ],
            },
            {
              name: path.join(process.cwd(), 'test/boot.e2e-spec.ts'),
              status: 'failed',
              failureMessage: 'Cannot find module x\n  at stack',
              assertionResults: [],
            },
          ],
        }),
      );
      const playwright = await file(
        'pw.json',
        JSON.stringify({
          stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
          suites: [
            {
              file: 'wallet.spec.ts',
              specs: [{ title: 'shows the balance', tests: [{ status: 'expected' }] }],
              suites: [
                {
                  specs: [
                    {
                      title: 'downloads the CSV',
                      file: 'wallet.spec.ts',
                      tests: [{ status: 'unexpected' }],
                    },
                  ],
                },
              ],
            },
          ],
        }),
      );
      const tap = await file('node.tap', TAP);
      assert.deepEqual(await failedTestNames(jest), [
        'test/deals.e2e-spec.ts › deals approves once',
        'test/boot.e2e-spec.ts: Cannot find module x',
      ]);
      assert.deepEqual(await failedTestNames(playwright), ['wallet.spec.ts › downloads the CSV']);
      assert.deepEqual(await failedTestNames(tap), ['c']);
      assert.deepEqual(await failedTestNames(path.join(directory, 'absent.json')), []);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  void it('lists them after the totals, by suite', () => {
    const lines = summaryLines([
      suite({
        name: 'backend http e2e',
        tests: { passed: 3, failed: 1, skipped: 0 },
        failures: ['test/deals.e2e-spec.ts › deals approves once'],
      }),
    ]);
    assert.deepEqual(lines.slice(-2), [
      'failed tests:',
      '  backend http e2e: test/deals.e2e-spec.ts › deals approves once',
    ]);
  });
});

const suite = (outcome: Partial<SuiteOutcome>): SuiteOutcome => ({
  name: 'suite',
  seconds: 1,
  steps: [],
  ...outcome,
});

void describe('the verdict of a suite', () => {
  void it('passes steps-only suites when every step did', () => {
    assert.equal(verdict(suite({ steps: [{ label: 'eslint', ok: true }] })), 'PASS');
    assert.equal(verdict(suite({ steps: [{ label: 'eslint', ok: false }] })), 'FAIL');
  });

  void it('fails a test suite that ran no tests', () => {
    assert.equal(verdict(suite({ tests: { passed: 0, failed: 0, skipped: 0 } })), 'FAIL');
  });

  void it('fails on a failed test, and shows an all-skipped suite as SKIP, not PASS', () => {
    assert.equal(verdict(suite({ tests: { passed: 9, failed: 1, skipped: 0 } })), 'FAIL');
    assert.equal(verdict(suite({ tests: { passed: 0, failed: 0, skipped: 2 } })), 'SKIP');
    assert.equal(verdict(suite({ tests: { passed: 3, failed: 0, skipped: 2 } })), 'PASS');
  });

  void it('fails a test suite whose build step failed before any test ran', () => {
    const outcome = suite({
      steps: [{ label: 'build', ok: false }],
      tests: { passed: 0, failed: 0, skipped: 0 },
    });
    assert.equal(verdict(outcome), 'FAIL');
  });
});

void describe('missing infrastructure', () => {
  void it('outside CI adds nothing: the suite counts its tests as skipped', () => {
    assert.deepEqual(missingInfrastructureSteps('podman info failed', false), []);
  });

  void it('under CI is a failed step that names what is missing, so the run fails', () => {
    const steps = missingInfrastructureSteps('podman info failed', true);
    assert.deepEqual(steps, [{ label: 'infrastructure: podman info failed', ok: false }]);
    const outcome = suite({ steps, tests: { passed: 0, failed: 0, skipped: 69 } });
    assert.equal(verdict(outcome), 'FAIL');
    assert.match(
      summaryLines([outcome])[0] ?? '',
      /step failed: infrastructure: podman info failed/,
    );
  });

  void it('adds nothing when the infrastructure is there', () => {
    assert.deepEqual(missingInfrastructureSteps(undefined, true), []);
  });
});

void describe('the summary', () => {
  const lines = summaryLines([
    suite({
      name: 'lint',
      steps: [
        { label: 'eslint', ok: true },
        { label: 'prettier', ok: true },
      ],
    }),
    suite({ name: 'contract', steps: [{ label: 'drift check', ok: false }] }),
    suite({
      name: 'integration',
      tests: { passed: 40, failed: 0, skipped: 1 },
      server: 'FerretDB v1.24.2 (SQLite)',
    }),
    suite({ name: 'browser', tests: { passed: 0, failed: 0, skipped: 0 } }),
    suite({
      name: 'containers',
      tests: { passed: 0, failed: 0, skipped: 69 },
      server: 'mongo:8 container',
      skipReason: 'podman info failed',
    }),
  ]);

  void it('counts tests only from test runners, skipped apart, and ends with the tests’ total', () => {
    assert.equal(lines.at(-1), 'tests: 40 passed, 0 failed, 70 skipped');
  });

  void it('reports lint, builds and checks as steps', () => {
    assert.equal(lines.at(-2), 'steps: 2 ok, 1 failed');
    assert.match(lines[0] ?? '', /^PASS {2}lint +2 steps ok/);
    assert.match(lines[1] ?? '', /^FAIL {2}contract +step failed: drift check/);
  });

  void it('names the database server of a database-backed suite', () => {
    assert.match(
      lines[2] ?? '',
      /40 passed, 0 failed, 1 skipped · on FerretDB v1\.24\.2 \(SQLite\)/,
    );
  });

  void it('names why a suite was skipped, and no server for it', () => {
    assert.match(
      lines[4] ?? '',
      /^SKIP {2}containers +0 passed, 0 failed, 69 skipped · skipped because podman info failed {2}\(/,
    );
  });

  void it('says when a suite ran no tests', () => {
    assert.match(lines[3] ?? '', /^FAIL {2}browser +0 passed, 0 failed, 0 skipped · no tests ran/);
  });
});
