/**
 * `npm run duplicates:count`: the figure issue #23 watches — pairs of places between production
 * files that share six or more lines beyond thin boilerplate (docs/development.md, "Duplicate
 * code: how it is counted"). It runs the `duplicates` tool at the repository's root and drops
 * every row with a side in generated code or in a test, and every row the tool marks
 * `boilerplate`; it prints the rows left, then the table's four columns (docs/development.md) and
 * the count. Exit 2 when the tool is not installed.
 */
import { execFile } from 'node:child_process';
import { ROOT } from './lib/paths.ts';

/** A side in generated code. */
const GENERATED = /^frontend\/src\/api\/generated\//;

/** A side of a row in one of these is a test, not production code. */
const TESTS = [
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
const rows = lines
  .map((line) => ROW.exec(line))
  .filter((match) => match !== null)
  .map(([line, left = '', right = '', marks = '']) => ({ line, sides: [left, right], marks }));
const outsideGenerated = rows.filter(({ sides }) => !sides.some((side) => GENERATED.test(side)));
const production = outsideGenerated.filter(
  ({ sides }) => !sides.some((side) => TESTS.some((test) => test.test(side))),
);
const kept = production.filter(({ marks }) => !marks.includes('boilerplate'));
for (const { line } of kept) console.log(line);
console.log(lines[0] ?? '');
console.log(
  `rows listed ${String(rows.length)}; outside generated code ${String(outsideGenerated.length)}; ` +
    `between production files ${String(production.length)}; beyond boilerplate ${String(kept.length)}`,
);
console.log(`${String(kept.length)} pairs between production files beyond boilerplate`);
