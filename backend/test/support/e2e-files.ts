/**
 * HTTP e2e files that mostly wait (compiled server processes killed or cut off from their
 * database, instances side by side, races): npm test runs them file by file as a suite of their
 * own (scripts/lib/test-suites.ts), beside the API fuzzing; the others in test/http-e2e.bundle.ts.
 * No imports: npm test's runner (Node, type stripping) reads this file too.
 */
export const FAULT_AND_SCALE_OUT_E2E = [
  'payments-sigkill',
  'notifications-faults',
  'mail-faults',
  'payments-scale-out',
  'faults-process',
  'process-lifecycle',
  'database-late-start',
  'faults-database',
  'deals-race',
  'invites-race',
  'scale-out',
  'brand-accounts-scale-out',
  'database-outage',
  'waitlist-database-outage',
  'waitlist-duplicate-storm',
] as const;
