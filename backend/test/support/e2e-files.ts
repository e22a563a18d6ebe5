/**
 * HTTP e2e files that mostly wait (compiled server processes killed or cut off from their
 * database, instances side by side, races): npm test runs them as a suite of their own, beside the
 * API fuzzing; the other files run together (test/http-e2e.bundle.ts). Read by scripts/lib/test-suites.ts.
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

export const E2E_FILE_SUFFIX = '.e2e-spec.ts';
