/**
 * Reading the SMS the backend sent, from a Playwright spec: every stack has its own local SMS
 * inbox (`stack.sms`), so a spec sees only its own messages.
 */
import type { SmsInbox } from '../../../scripts/lib/sms-inbox.ts';

/** A fresh Indian mobile number (ten digits, starting 9) for one spec's brand account. */
export function newMobileNumber(): string {
  return `9${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
}

/** Waits for the next code SMS to the ten-digit `mobile` (after the `afterCount` it had) and reads the code. */
export async function waitForCode(
  inbox: SmsInbox,
  mobile: string,
  afterCount = 0,
): Promise<string> {
  const sms = await inbox.nextMessageTo(`+91${mobile}`, { afterCount, timeoutMs: 15_000 });
  const code = sms.variables.otp;
  if (!code || !/^\d{6}$/.test(code)) throw new Error(`no 6-digit code in "${sms.text}"`);
  return code;
}
