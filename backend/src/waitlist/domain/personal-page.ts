import { countEvents, DAY_MS, HOUR_MS, type WaitlistEntry } from './waitlist-entry.js';

/** How long a personal-page link works (DESIGN: tokens as in #8, 7 days). */
export const PERSONAL_LINK_DAYS = 7;
/** How long the page stays open once a link opened it; "Done" ends it sooner. */
export const PERSONAL_SESSION_MINUTES = 30;
/** How long a link to confirm a new e-mail address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** Links e-mailed on request per entry in any 24 hours (links inside other e-mails not counted). */
export const MAX_PERSONAL_LINKS_PER_DAY = 5;
/** Corrections and e-mail changes per entry in any 24 hours. */
export const MAX_CORRECTIONS_PER_DAY = 20;

export function personalLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + PERSONAL_LINK_DAYS * DAY_MS);
}

export function personalSessionExpiry(now: Date): Date {
  return new Date(now.getTime() + PERSONAL_SESSION_MINUTES * 60_000);
}

export function emailChangeLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * HOUR_MS);
}

/** Whether one more link may be e-mailed to this entry on request now. */
export function mayRequestPersonalLink(entry: WaitlistEntry, now: Date): boolean {
  return countEvents(entry, ['personal-link-sent'], now) < MAX_PERSONAL_LINKS_PER_DAY;
}

/** Whether this entry may change one more thing now. */
export function mayCorrect(entry: WaitlistEntry, now: Date): boolean {
  return (
    countEvents(entry, ['corrected', 'correction-refused', 'email-change-requested'], now) <
    MAX_CORRECTIONS_PER_DAY
  );
}

/**
 * An entry a personal link may open and a session may act on: a person's (never a bot's trapped
 * submission, which must look like any unknown address from outside) that is not being erased.
 */
export function isOpenToItsPerson(entry: WaitlistEntry | undefined): entry is WaitlistEntry {
  return entry !== undefined && !entry.trapped && entry.erasureRequestedAt === undefined;
}
