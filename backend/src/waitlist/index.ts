/** What other modules may use of the waitlist. */
export { WaitlistModule } from './waitlist.module.js';
export { CURRENT_PRIVACY_NOTICE_VERSION } from './domain/privacy-notice.js';
export { EARLY_ACCESS_SLOTS } from './domain/seat.js';
export { USER_TYPES, type UserType } from './domain/user-type.js';
export { WaitlistRepository } from './application/ports/waitlist.repository.js';
export { EraseEntriesAfterRetention } from './application/erase-entries-after-retention.js';
export { GetWaitlistStats } from './application/get-waitlist-stats.use-case.js';
export { PersonalLinkIssuer } from './application/personal-link-issuer.js';
export { EntryDataHolders, type EntryDataHolder } from './application/ports/entry-data-holders.js';
export type { JoinedAccount } from './domain/waitlist-entry.js';
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
