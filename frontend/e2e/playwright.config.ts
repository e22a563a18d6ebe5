import path from 'node:path';
import { defineConfig } from '@playwright/test';

const here = import.meta.dirname;

export default defineConfig({
  testDir: here,
  testMatch: '*.e2e.ts',
  globalSetup: path.join(here, 'global-setup.ts'),
  outputDir: path.join(here, '../test-results/artifacts'),
  // Each spec file starts its own stack (backend, database, inboxes, gateway) on free ports, so two
  // files run side by side without sharing anything; tests inside a file stay in order.
  workers: 2,
  // A money flow (checkout, the payments worker, delivery, approval, release) is a minute on an
  // idle machine's two stacks; beside the backend lane's suites it has needed more.
  timeout: 120_000,
  // Two spec files run at once beside the backend suites: a screen after a server round trip
  // (a deal sent, its contract rendered) may take longer than the 5 s default on two cores; a
  // fresh-clone run (load average 12–14) still showed "Sending…" 10 s after a deal was sent.
  expect: { timeout: 20_000 },
  // A committed `test.only` would silently skip the rest of the suite (eslint refuses it too).
  forbidOnly: true,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ??
          path.join(here, '../test-results/e2e-results.json'),
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
