/**
 * The waitlist's contract face: what other features' domain and application code may use —
 * domain types and constants, the ports it offers (abstract classes, Nest's DI tokens) and the
 * application services other features call. Nothing from Nest's wiring, Mongoose or an adapter:
 * the module itself, guards and decorators are in index.ts, the wiring face. The deals module checks
 * a brand contact's mobile number and e-mail address with exactly the waitlist's rules through
 * this file; brands check a sign-in number with the same rule.
 */
export { CURRENT_PRIVACY_NOTICE_VERSION } from './domain/privacy-notice.js';
export { EARLY_ACCESS_SLOTS } from './domain/seat.js';
export {
  BRAND_SIDE_USER_TYPES,
  isBrandSideUserType,
  USER_TYPES,
  type UserType,
} from './domain/user-type.js';
export { IndianMobileNumber } from './domain/indian-mobile-number.js';
export { EMAIL_MAX_LENGTH, EmailAddress } from './domain/email-address.js';
export { InvalidWaitlistValueError } from './domain/waitlist.errors.js';
export { characterCount, hasInvisibleOrControlCharacters } from './domain/characters.js';
export type { JoinedAccount } from './domain/waitlist-entry.js';
export { InviteeStatuses, type Invitee } from './application/ports/invitee-statuses.js';
export { EntryDataHolders, type EntryDataHolder } from './application/ports/entry-data-holders.js';
export {
  DIRECTORY_SORT_FIELDS,
  ENTRY_STATUSES,
  WaitlistDirectory,
  type DailyCount,
  type DirectoryEntry,
  type DirectoryFilter,
  type DirectoryPage,
  type DirectoryPageQuery,
  type DirectorySearch,
  type DirectorySort,
  type DirectorySortField,
  type EntryEvent,
  type EntryStatus,
  type SortDirection,
  type WaitlistFigures,
} from './application/ports/waitlist-directory.js';
export { EraseEntriesAfterRetention } from './application/erase-entries-after-retention.js';
export { GetWaitlistStats } from './application/get-waitlist-stats.use-case.js';
export { PersonalLinkIssuer } from './application/personal-link-issuer.js';
