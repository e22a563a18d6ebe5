/**
 * Rewrites deep relative imports in the frontend's sources as `@/…` imports (the alias for
 * frontend/src/ in frontend/tsconfig.json and vite.config.ts).
 *
 *   node scripts/codemods/at-alias.ts                 rewrite frontend/src in place
 *   node scripts/codemods/at-alias.ts --check         list what it would change; exit 1 if any
 *   node scripts/codemods/at-alias.ts --min-depth 2   also rewrite imports that climb two folders
 *   node scripts/codemods/at-alias.ts <file|dir>…     only these (inside frontend/src)
 *
 * A specifier is rewritten when it starts with at least `--min-depth` (default 3, the ESLint
 * rule's limit) `../` and points inside frontend/src; the rest of it (extension, `?raw`) stays.
 * Static imports and exports, `import('…')`, `vi.mock('…')` and `vi.importActual('…')` are read.
 * Idempotent: an `@/` specifier is never relative, so a second run changes nothing, and new files
 * merged later are rewritten by running it again. Generated code (src/api/generated) is left
 * alone, and so are the files vite.config.ts loads itself (the config is read before any alias
 * applies).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..', '..');
const sourceDir = path.join(root, 'frontend', 'src');
const SKIPPED = [
  path.join(sourceDir, 'api', 'generated'),
  path.join(sourceDir, 'config', 'brand.ts'),
  path.join(sourceDir, 'components', 'theme', 'theme-boot-script.ts'),
  path.join(sourceDir, 'components', 'theme', 'theme-context.ts'),
];
const SOURCE_FILE = /\.(ts|tsx|mts|js|jsx)$/;

/** `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `vi.importActual('…')`. */
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.(?:mock|importActual|doMock)\s*\(\s*)(['"])(\.\.\/[^'"\n]*)\2/gm;

const isSkipped = (file: string) =>
  SKIPPED.some((skipped) => file === skipped || file.startsWith(skipped + path.sep));

function sourceFiles(target: string): string[] {
  if (isSkipped(target)) return [];
  if (statSync(target).isDirectory()) {
    return readdirSync(target)
      .sort()
      .flatMap((name) => sourceFiles(path.join(target, name)));
  }
  return SOURCE_FILE.test(target) ? [target] : [];
}

/** How many folders `specifier` climbs: the number of `../` it starts with. */
const climbs = (specifier: string) => (/^(?:\.\.\/)*/.exec(specifier)?.[0].length ?? 0) / 3;

/** The `@/` form of `specifier` as written in `file`, or undefined when it stays as it is. */
export function aliased(file: string, specifier: string, minDepth: number): string | undefined {
  if (climbs(specifier) < minDepth) return undefined;
  const [pathPart = '', ...query] = specifier.split('?');
  const target = path.resolve(path.dirname(file), pathPart);
  const inside = path.relative(sourceDir, target);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
  const suffix = query.length > 0 ? `?${query.join('?')}` : '';
  return `@/${inside.split(path.sep).join('/')}${pathPart.endsWith('/') ? '/' : ''}${suffix}`;
}

/** The file's text with its deep imports rewritten, and how many were. */
export function rewrite(file: string, text: string, minDepth: number) {
  let count = 0;
  const result = text.replace(
    SPECIFIER,
    (whole, lead: string, quote: string, specifier: string) => {
      const replacement = aliased(file, specifier, minDepth);
      if (replacement === undefined) return whole;
      count += 1;
      return `${lead}${quote}${replacement}${quote}`;
    },
  );
  return { text: result, count };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { check: { type: 'boolean', default: false }, 'min-depth': { type: 'string' } },
  });
  const minDepth = Number(values['min-depth'] ?? 3);
  if (!Number.isInteger(minDepth) || minDepth < 1) throw new Error('--min-depth takes 1 or more');
  const targets = positionals.length > 0 ? positionals.map((p) => path.resolve(p)) : [sourceDir];
  let files = 0;
  let imports = 0;
  for (const file of targets.flatMap(sourceFiles)) {
    if (!file.startsWith(sourceDir + path.sep)) continue;
    const before = readFileSync(file, 'utf8');
    const { text, count } = rewrite(file, before, minDepth);
    if (count === 0) continue;
    files += 1;
    imports += count;
    console.log(`${path.relative(root, file)}: ${count}`);
    if (!values.check) writeFileSync(file, text);
  }
  const verb = values.check ? 'would rewrite' : 'rewrote';
  console.log(`at-alias: ${verb} ${imports} imports in ${files} files`);
  if (values.check && imports > 0) process.exitCode = 1;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) main();
