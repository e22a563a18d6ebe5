/** What every benchmark needs: the compiled backend and the median of its rounds. */
import { run } from '../scripts/lib/processes.ts';

/** `npm run build -w backend`; says how to see why when it fails. */
export async function buildBackend(): Promise<boolean> {
  if ((await run('npm', ['run', 'build', '-w', 'backend'], { stdio: 'ignore' })) === 0) return true;
  console.error('The backend does not build: run `npm run build -w backend` to see why.');
  return false;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/**
 * The SMS settings production requires (issue #25). The benches send no SMS: the provider's
 * address is never called.
 */
export const BENCH_SMS_ENV = {
  OTP_SECRETS: 'bench-otp-secret-that-is-long-enough-0123456789',
  SMS_BASE_URL: 'https://sms.bench.invalid',
  SMS_AUTH_KEY: 'bench',
  SMS_TEMPLATE_ID: 'bench',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1000000000000000000',
  // Also required in production (#26): encrypts payout profiles, which the benches never write.
  PAYOUT_ENCRYPTION_KEY: 'YmVuY2gtcGF5b3V0LWtleS10aGlydHktdHdvLWJ5dGU=',
} as const;
