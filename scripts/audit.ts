/**
 * `npm run audit`: the production dependencies against the npm registry's security advisories.
 * Exit 0: no high or critical advisory. Exit 1: at least one (listed). Exit 2: no check was made,
 * because the advisory service could not be reached; npm itself exits 1 then too, as if something
 * had been found, and an offline scanner reports "0 vulnerabilities" without its database, so
 * neither is trusted blindly. The outcome is also written to .tmp/results/audit.json.
 *
 * The advisory endpoint takes a POST; registries that only mirror packages (GET) refuse it with
 * 405, and then this says so instead of passing.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, TMP_DIR } from './lib/paths.ts';

const BLOCKING_SEVERITIES = ['high', 'critical'] as const;
const RESULT_FILE = path.join(TMP_DIR, 'results', 'audit.json');

type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

interface AuditReport {
  readonly vulnerabilities: Record<string, { readonly severity: Severity; readonly range: string }>;
  readonly metadata: {
    readonly vulnerabilities: Record<Severity | 'total', number>;
    readonly dependencies: { readonly prod: number };
  };
}

type Outcome =
  | {
      readonly outcome: 'passed' | 'failed';
      readonly counts: Record<string, number>;
      readonly blocking: string[];
    }
  | { readonly outcome: 'unavailable'; readonly reason: string };

function npmAudit(): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      // npm audit exits non-zero both for findings and for failures: the JSON tells them apart.
      (_error, stdout) => {
        resolve(stdout);
      },
    );
  });
}

function isReport(parsed: unknown): parsed is AuditReport {
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    'metadata' in parsed &&
    'vulnerabilities' in parsed
  );
}

function judge(output: string): Outcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return {
      outcome: 'unavailable',
      reason: `npm audit printed no report: ${output.slice(0, 300)}`,
    };
  }
  if (!isReport(parsed)) {
    const message = (parsed as { message?: unknown } | null)?.message;
    const reason = typeof message === 'string' ? message : 'npm audit returned no report';
    return { outcome: 'unavailable', reason };
  }
  const blocking = Object.entries(parsed.vulnerabilities)
    .filter(([, { severity }]) => (BLOCKING_SEVERITIES as readonly string[]).includes(severity))
    .map(([name, { severity, range }]) => `${name} (${severity}, ${range})`);
  return {
    outcome: blocking.length > 0 ? 'failed' : 'passed',
    counts: {
      ...parsed.metadata.vulnerabilities,
      productionDependencies: parsed.metadata.dependencies.prod,
    },
    blocking,
  };
}

const result = judge(await npmAudit());
await mkdir(path.dirname(RESULT_FILE), { recursive: true });
await writeFile(
  RESULT_FILE,
  `${JSON.stringify({ checkedAt: new Date().toISOString(), ...result }, null, 2)}\n`,
);
if (result.outcome === 'unavailable') {
  console.error(`audit: NOT CHECKED, the advisory service could not be reached (${result.reason})`);
  process.exitCode = 2;
} else {
  console.log(`audit: ${JSON.stringify(result.counts)}`);
  for (const finding of result.blocking) console.error(`audit: ${finding}`);
  console.log(`audit: ${result.outcome} (${BLOCKING_SEVERITIES.join(' or ')} advisories block)`);
  process.exitCode = result.outcome === 'failed' ? 1 : 0;
}
