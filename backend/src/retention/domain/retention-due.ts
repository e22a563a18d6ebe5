/**
 * When waitlist entries are due for erasure: `months` calendar months after the launch (UTC),
 * as docs/privacy.md promises. A launch on 31 January plus one month is 3 March (JavaScript's
 * month arithmetic), never earlier than the promise.
 */
export function waitlistErasureDueAt(launchDate: Date, months: number): Date {
  const due = new Date(launchDate);
  due.setUTCMonth(due.getUTCMonth() + months);
  return due;
}
