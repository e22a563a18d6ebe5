import type { Config } from 'jest';

/**
 * Jest runs in native ESM mode (`node --experimental-vm-modules`, see package.json), TypeScript
 * compiled by SWC with legacy decorators and decorator metadata, as Nest needs. Node loads this
 * file itself (type stripping).
 */
const shared: Config = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Sources import siblings as `./x.js` (nodenext); Jest resolves the `.ts` file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFiles: ['reflect-metadata', '<rootDir>/test/support/preload-nest-esm.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
          keepClassNames: true,
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
};

/**
 * Integration files of half a minute or more each (read models at scale, the outbox's load test):
 * npm test runs them as test files of their own beside test/integration.bundle.ts, which holds the
 * others, so that two workers share the suite.
 */
export const LONG_INTEGRATION_SPECS = [
  'creator-wallet-read-model',
  'invoices',
  'deal-lists',
  'outbox-delivery',
  'waitlist-lists',
] as const;

/** Both need a real MongoDB-compatible server; the global setup checks MONGODB_URI first. */
const againstDatabase: Config = {
  ...shared,
  globalSetup: '<rootDir>/test/support/jest-global-setup.ts',
};

export default {
  // Jest reads `testTimeout` from the top level only (a project's own is ignored): tests and hooks
  // that start the whole app get 30 s, as a loaded 2-core machine can need.
  testTimeout: 30_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...againstDatabase,
      displayName: 'integration',
      testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
    },
    {
      ...againstDatabase,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
    },
    {
      ...againstDatabase,
      // The e2e spec files but the fault and scale-out ones, in one test file (npm test).
      displayName: 'e2e-together',
      testMatch: ['<rootDir>/test/http-e2e.bundle.ts'],
    },
    {
      ...againstDatabase,
      // The integration spec files in one test file but the long ones (npm test).
      displayName: 'integration-together',
      testMatch: [
        '<rootDir>/test/integration.bundle.ts',
        ...LONG_INTEGRATION_SPECS.map((name) => `<rootDir>/src/**/${name}.int-spec.ts`),
      ],
    },
  ],
} satisfies Config;
