export { AdminEmailList } from './application/ports/admin-email-list.js';
export { UserRepository } from './application/ports/user.repository.js';
export {
  BrandAccountRepository,
  type BrandProfile,
} from './application/ports/brand-account.repository.js';
export { Accounts } from './application/accounts.js';
export { UserRoles } from './application/user-roles.js';
export {
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
export { UsersModule } from './users.module.js';
