/** Early-access slots the waitlist advertises (the server counts the real ones). */
export const EARLY_ACCESS_SLOTS = 1000;

/**
 * Version of the privacy notice shown under the form, sent with every submission so the server
 * records which text a person consented to. Change it whenever the notice's wording changes
 * (and teach the server the new version first).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-01';

const countFormat = new Intl.NumberFormat('en-IN');

/** "1,000": the same digits on the server-rendered page and in the browser. */
export const formatCount = (count: number) => countFormat.format(count);
