/** What other modules may use of the waitlist. */
export { WaitlistModule } from './waitlist.module.js';
export { CURRENT_PRIVACY_NOTICE_VERSION } from './domain/privacy-notice.js';
export { EARLY_ACCESS_SLOTS } from './domain/seat.js';
export { USER_TYPES, type UserType } from './domain/user-type.js';
