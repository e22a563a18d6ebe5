/** The contract step's check: the committed contract and client equal what the code exports. */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, TMP_DIR } from './paths.ts';

/** Where the contract step exports openapi.yaml and generates the client to compare. */
export const CONTRACT_DIR = path.join(TMP_DIR, 'contract');

/** The committed openapi.yaml and generated client must equal what the code produces now. */
export async function checkContractDrift(): Promise<string | undefined> {
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
