/**
 * `npm run duplicates:count`: the figure issue #23 watches — pairs of places between production
 * files that share six or more lines beyond thin boilerplate (docs/development.md, "Duplicate
 * code: how it is counted"). It runs the `duplicates` tool at the repository's root and drops
 * every row with a side in generated code or in a test, and every row the tool marks
 * `boilerplate`; it prints the rows left, then the table's four columns (docs/development.md) and
 * the count. Exit 2 when the tool is not installed.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { codeLineCount, lineKinds, runKind, type LineKind } from './lib/declaration-lines.ts';
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

const ROW = /^D\d+ (\S+?):(\d+)-(\d+) ~ (\S+?):(\d+)-(\d+)(.*)$/;

interface Side {
  readonly file: string;
  readonly from: number;
  readonly to: number;
}

const kindsByFile = new Map<string, LineKind[]>();

function kindsOf(file: string): LineKind[] {
  let kinds = kindsByFile.get(file);
  if (!kinds) {
    kinds = lineKinds(path.join(ROOT, file));
    kindsByFile.set(file, kinds);
  }
  return kinds;
}

function kindOf({ file, from, to }: Side): 'import' | 'declaration' | undefined {
  return /\.tsx?$/.test(file) ? runKind(kindsOf(file), from, to) : undefined;
}

/** The lines of code in a side (every line, in a file the parser does not read). */
function codeLinesOf({ file, from, to }: Side): number {
  return /\.tsx?$/.test(file) ? codeLineCount(kindsOf(file), from, to) : to - from + 1;
}

/** The tool's own threshold: a pair shares at least six lines. */
const MIN_SHARED_LINES = 6;

type Apart = 'import' | 'declaration' | 'few code lines';

/**
 * Rows of one run (no `+N more runs`): 'import' when both sides are only import lines; and, for
 * rows alike in shape alone (the same declarations to the letter are one type written twice, and
 * stay counted), 'declaration' when both sides are only bare declarations, 'few code lines' when
 * declarations fill the six shared lines and a side has fewer than six lines of code. ADR 0060.
 */
function setApartAs(sides: readonly Side[], marks: string): Apart | undefined {
  if (marks.includes('more run')) return undefined;
  const [left, right] = sides.map(kindOf);
  if (left === 'import' && right === 'import') return 'import';
  if (!marks.includes('shape')) return undefined;
  if (left === 'declaration' && right === 'declaration') return 'declaration';
  return Math.min(...sides.map(codeLinesOf)) < MIN_SHARED_LINES ? 'few code lines' : undefined;
}

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
  .map(
    ([line, leftFile = '', leftFrom, leftTo, rightFile = '', rightFrom, rightTo, marks = '']) => ({
      line,
      sides: [
        { file: leftFile, from: Number(leftFrom), to: Number(leftTo) },
        { file: rightFile, from: Number(rightFrom), to: Number(rightTo) },
      ],
      marks,
    }),
  );
const outsideGenerated = rows.filter(
  ({ sides }) => !sides.some(({ file }) => GENERATED.test(file)),
);
const production = outsideGenerated.filter(
  ({ sides }) => !sides.some(({ file }) => TESTS.some((test) => test.test(file))),
);
const beyondBoilerplate = production.filter(({ marks }) => !marks.includes('boilerplate'));
const classified = beyondBoilerplate.map((row) => ({
  ...row,
  apart: setApartAs(row.sides, row.marks),
}));
const kept = classified.filter(({ apart }) => apart === undefined);
const importLists = classified.filter(({ apart }) => apart === 'import');
const declarations = classified.filter(({ apart }) => apart === 'declaration');
const fewCodeLines = classified.filter(({ apart }) => apart === 'few code lines');

for (const { line } of kept) console.log(line);
for (const [title, set] of [
  ['import lists', importLists],
  ['declarations only', declarations],
  ['fewer than six lines of code beside declarations', fewCodeLines],
] as const) {
  if (set.length === 0) continue;
  console.log(`\nset apart, ${title}:`);
  for (const { line } of set) console.log(`  ${line}`);
}
console.log(`\n${lines[0] ?? ''}`);
console.log(
  `rows listed ${String(rows.length)}; outside generated code ${String(outsideGenerated.length)}; ` +
    `between production files ${String(production.length)}; beyond boilerplate ${String(beyondBoilerplate.length)}; ` +
    `of those, import lists ${String(importLists.length)}, declarations only ${String(declarations.length)} ` +
    `and fewer than six lines of code ${String(fewCodeLines.length)}`,
);
console.log(
  `${String(kept.length)} pairs between production files beyond boilerplate, import lists and declarations`,
);
