import { globSync, readFileSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const TEST_FILES = 'src/**/*.test.{ts,tsx}';
/**
 * Test files that replace a module (`vi.mock`): a module registry shared with other files would
 * hand them, or the files after them, whichever copy was loaded first. They get one of their own.
 */
const REPLACING_MODULES = globSync(TEST_FILES, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')),
);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Worker threads, two at a time: on two cores 65 s and 112 CPU-s for the suite, against
      // 135 s and 147 CPU-s with the default (one forked process at a time), measured here.
      pool: 'threads',
      maxWorkers: 2,
      setupFiles: ['src/testing/setup-tests.ts'],
      restoreMocks: true,
      // Waits inside a test may take up to 5 s under load (see setup-tests.ts).
      testTimeout: 20_000,
      // A committed `.only` would silently skip the rest of the suite.
      allowOnly: false,
      projects: [
        {
          // One jsdom and one module registry per worker, kept from file to file (setup-tests.ts
          // clears the page, storage and request handlers between tests): 33.6 s and 49 CPU-s
          // for the suite here, against 96.7 s and 173 CPU-s with a fresh one for every file.
          extends: true,
          test: {
            name: 'shared',
            isolate: false,
            include: [TEST_FILES],
            exclude: REPLACING_MODULES,
          },
        },
        { extends: true, test: { name: 'isolated', include: REPLACING_MODULES } },
      ],
    },
  }),
);
