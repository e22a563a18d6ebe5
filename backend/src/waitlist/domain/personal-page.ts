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
/**
 * Mails that confirm a new address, to any one address not on the list, in any 24 hours, whichever
 * entries ask: a personal page cannot be used to flood someone's mailbox from Paylock's domain.
 */
export const MAX_CHANGE_MAILS_PER_ADDRESS_PER_DAY = 3;

/** A limit claimed use by use before the work (LimitSlots): whose, how many, in how long. */
export interface UseBudget {
  readonly owner: string;
  readonly limit: number;
  readonly windowMs: number;
}

/** The entry's corrections, refused corrections and e-mail change requests (#28). */
export function correctionsBudget(entryId: string): UseBudget {
  return { owner: `corrections:${entryId}`, limit: MAX_CORRECTIONS_PER_DAY, windowMs: DAY_MS };
}

/** The mails asking an address (normalised) to confirm a change to it, whoever asks. */
export function changeMailsBudget(email: string): UseBudget {
  return {
    owner: `email-change-mails-to:${email}`,
    limit: MAX_CHANGE_MAILS_PER_ADDRESS_PER_DAY,
    windowMs: DAY_MS,
  };
}

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

/**
 * An entry a personal link may open and a session may act on: a person's (never a bot's trapped
 * submission, which must look like any unknown address from outside) that is not being erased.
 */
export function isOpenToItsPerson(entry: WaitlistEntry | undefined): entry is WaitlistEntry {
  return entry !== undefined && !entry.trapped && entry.erasureRequestedAt === undefined;
}
