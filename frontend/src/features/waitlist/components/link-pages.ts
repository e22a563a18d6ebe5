/**
 * One chunk for the pages e-mails link to: the confirmation page, the personal page (#13) and
 * the privacy page it points to. The landing page's router then carries one chunk reference for
 * the three instead of three (its first load is within bytes of its 100 kB budget).
 */
export { ConfirmPage } from './confirm-page';
export { PersonalPage } from './personal-page';
export { PrivacyPage } from './privacy-page';
