import { countEvents, HOUR_MS, type WaitlistEntry } from './waitlist-entry.js';

/** How long a confirmation link works, and an unconfirmed entry is kept: 72 hours. */
export const CONFIRMATION_LINK_HOURS = 72;
export const CONFIRMATION_LINK_MS = CONFIRMATION_LINK_HOURS * HOUR_MS;

/** Confirmation e-mails sent again per entry in any 24 hours (the first one not counted). */
export const MAX_RESENDS_PER_DAY = 3;

export function confirmationLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + CONFIRMATION_LINK_MS);
}

/** Only an entry still waiting for its confirmation is e-mailed its link again. */
export function awaitsConfirmation(entry: WaitlistEntry): boolean {
  return entry.status === 'awaiting_confirmation';
}

/** Whether one more confirmation e-mail may go to this entry now. */
export function mayResendConfirmation(entry: WaitlistEntry, now: Date): boolean {
  return countEvents(entry, ['confirmation-resent'], now) < MAX_RESENDS_PER_DAY;
}

/** Confirmation e-mails this entry has been sent so far: numbers each one (its outbox key). */
export function confirmationsSent(entry: WaitlistEntry): number {
  return countEvents(entry, ['confirmation-sent', 'confirmation-resent']);
}
