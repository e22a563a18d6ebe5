/**
 * Users' contract face: the account, user and role types, the ports (`UserRepository`,
 * `BrandAccountRepository`, `ContactEmails`, `AdminEmailList`, `AdminBindings`), `Accounts` (a creator's or a
 * brand's account by id) and `UserRoles`, which derives an account's roles. Nothing from Nest's
 * wiring or Mongoose.
 */
export { AdminEmailList } from './application/ports/admin-email-list.js';
export {
  type AdminBinding,
  AdminBindings,
  AdminPolicy,
} from './application/ports/admin-bindings.js';
export { UserRepository } from './application/ports/user.repository.js';
export { ContactEmails } from './application/ports/contact-emails.js';
export {
  AccountErasureGate,
  type ErasureGateOutcome,
  type ErasureHold,
} from './application/account-erasure-gate.js';
export { AccountRecords } from './application/ports/account-records.js';
export { AccountErasedError } from './domain/account-erasure.errors.js';
export {
  CONTACT_EMAIL_LINK_HOURS,
  type ContactEmail,
  contactEmailLinkExpiry,
  mailAddressOf,
  maskedEmail,
} from './domain/contact-email.js';
export {
  BrandAccountRepository,
  type BrandProfile,
} from './application/ports/brand-account.repository.js';
export { Accounts } from './application/accounts.js';
export { UserRoles } from './application/user-roles.js';
export {
  accountNameOf,
  brandProfileRequired,
  isBrandAccount,
  newBrandAccount,
  newInfluencer,
} from './domain/user.js';
export { ROLES, type Role } from './domain/role.js';
export type {
  Account,
  AccountType,
  BrandAccount,
  GoogleProfile,
  NewBrandAccount,
  NewUser,
  User,
} from './domain/user.js';
export { BrandAccountExistsError, UserAlreadyExistsError } from './domain/user.errors.js';
