/**
 * Early-access slots the waitlist advertises (the specification's 1,000): the first confirmed
 * places get them. The server counts the real ones; this is what the pages say before it answers.
 */
export const EARLY_ACCESS_SLOTS = 1000;
