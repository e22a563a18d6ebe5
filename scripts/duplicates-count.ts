/**
 * `npm run duplicates:count`: the figure issue #23 watches — pairs of places between production
 * files that share six or more lines beyond thin boilerplate (docs/development.md, "Duplicate
 * code: how it is counted"). It runs the `duplicates` tool at the repository's root and drops
 * every row with a side in generated code or in a test, and every row the tool marks
 * `boilerplate`; it prints the rows left and their count. Exit 2 when the tool is not installed.
 */
import { execFile } from 'node:child_process';
import { ROOT } from './lib/paths.ts';

/** A side of a row in one of these is not production code. */
const EXCLUDED = [
  /^frontend\/src\/api\/generated\//,
  /\.(spec|int-spec|e2e-spec)\.ts$/,
  /\.test\.tsx?$/,
  /^backend\/test\//,
  /^frontend\/e2e\//,
  /(^|\/)__tests__\//,
  /(^|\/)testing\//,
];

const ROW = /^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+(.*)$/;

function runTool(): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'duplicates',
      ['--most', '200', '--seconds', '120'],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error: Error | null, stdout) => {
        if (error) reject(error);
        else resolve(stdout);
      },
    );
  });
}

let output: string;
try {
  output = await runTool();
} catch (error) {
  console.error(`duplicates:count needs the \`duplicates\` tool on PATH (${String(error)})`);
  process.exit(2);
}

const lines = output.split('\n');
const rows = lines.filter((line) => ROW.test(line));
const kept = rows.filter((line) => {
  const [, left = '', right = '', marks = ''] = ROW.exec(line) ?? [];
  return !marks.includes('boilerplate') && !EXCLUDED.some((re) => re.test(left) || re.test(right));
});
for (const row of kept) console.log(row);
console.log(lines[0] ?? '');
console.log(
  `${kept.length} pairs between production files beyond boilerplate (of ${rows.length} rows listed)`,
);
