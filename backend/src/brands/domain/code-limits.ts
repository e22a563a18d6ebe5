/**
 * The limits on sending codes (issue #25, docs/auth.md): per number, per client IP and for the
 * whole service (SMS_HOURLY_BUDGET). Each is a window of the shared rate-limit store.
 */
export interface CodeLimit {
  /** Prefix of the counter's key; the number or the IP follows it. */
  readonly name: string;
  readonly windowMs: number;
  readonly limit: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const CODES_PER_NUMBER_PER_10_MINUTES: CodeLimit = {
  name: 'otp-number-10m',
  windowMs: 10 * MINUTE_MS,
  limit: 3,
};
export const CODES_PER_NUMBER_PER_DAY: CodeLimit = {
  name: 'otp-number-day',
  windowMs: 24 * HOUR_MS,
  limit: 10,
};
export const CODES_PER_IP_PER_HOUR: CodeLimit = {
  name: 'otp-ip-hour',
  windowMs: HOUR_MS,
  limit: 10,
};
/** Every SMS of the service in an hour; its limit is SMS_HOURLY_BUDGET. */
export const SMS_BUDGET_WINDOW_MS = HOUR_MS;
