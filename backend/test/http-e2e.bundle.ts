/**
 * npm test's HTTP e2e: every e2e spec file but the fault and scale-out ones, in one Jest test file.
 * Jest evaluates the whole application's modules again for each test file it runs (about 3.4 CPU-s
 * for a small file, most of its cost); imported here, they are evaluated once. Each file is
 * unchanged and still runs alone (`npm run test:e2e -w backend -- --testPathPatterns <file>`).
 *
 * Imported side by side, a hook written outside any `describe` would run around every file's tests,
 * so such a file is refused: each file's hooks, apps and database stay its own, one file after
 * another, as when Jest runs them one at a time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_FILE_SUFFIX, FAULT_AND_SCALE_OUT_E2E } from './support/e2e-files.js';

const TOP_LEVEL_TEST_OR_HOOK = /^(?:beforeAll|afterAll|beforeEach|afterEach|it|test)\s*\(/m;
const here = path.dirname(fileURLToPath(import.meta.url));
const faultFiles = new Set<string>(FAULT_AND_SCALE_OUT_E2E.map((name) => name + E2E_FILE_SUFFIX));

const files = readdirSync(here)
  .filter((file) => file.endsWith(E2E_FILE_SUFFIX) && !faultFiles.has(file))
  .sort();
for (const file of files) {
  if (TOP_LEVEL_TEST_OR_HOOK.test(readFileSync(path.join(here, file), 'utf8'))) {
    throw new Error(`${file} has a test or hook outside any describe block.`);
  }
  await import(`./${file.slice(0, -'.ts'.length)}.js`);
}
