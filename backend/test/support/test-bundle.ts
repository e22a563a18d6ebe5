import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BACKEND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOP_LEVEL_TEST_OR_HOOK = /^(?:beforeAll|afterAll|beforeEach|afterEach|it|test)\s*\(/m;

/**
 * The test files under `folder` (of backend/) whose names end with `suffix`, sorted, but those
 * whose names before the suffix are in `except` (the files npm test runs on their own).
 */
export function testFiles(
  folder: string,
  suffix: string,
  except: readonly string[] = [],
): string[] {
  const leftOut = new Set(except);
  return readdirSync(path.join(BACKEND_DIR, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix) && !leftOut.has(path.basename(file, suffix)))
    .map((file) => path.join(BACKEND_DIR, folder, file))
    .sort();
}

/**
 * Imports test files into the calling test file (a test/*.bundle.ts), one after another. Jest
 * evaluates the whole application's modules again for each test file it runs (about 3.4 CPU-s for
 * a small e2e file, most of its cost); imported together, they are evaluated once. Each file is
 * unchanged and still runs alone (`--testPathPatterns <file>`).
 *
 * Imported side by side, a hook written outside any `describe` would run around every file's
 * tests, so such a file is refused: each file's hooks, apps and data stay its own, one file after
 * another, as when Jest runs them one at a time.
 */
export async function importTestFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    if (TOP_LEVEL_TEST_OR_HOOK.test(readFileSync(file, 'utf8'))) {
      throw new Error(`${path.relative(BACKEND_DIR, file)}: a test or hook outside any describe.`);
    }
    await import(file);
  }
}
