/**
 * Version of the privacy notice shown under the form, sent with every submission so the server
 * records which text a person consented to. Change it whenever the notice's wording changes
 * (and teach the server the new version first).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-23';
