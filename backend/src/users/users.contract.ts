/**
 * Users' contract face: the user and role types, the ports (`UserRepository`, `AdminEmailList`)
 * and `UserRoles`, which derives a user's roles. Nothing from Nest's wiring or Mongoose.
 */
export { AdminEmailList } from './application/ports/admin-email-list.js';
export { UserRepository } from './application/ports/user.repository.js';
export { UserRoles } from './application/user-roles.js';
export { newInfluencer } from './domain/user.js';
export { ROLES, type Role } from './domain/role.js';
export type { AccountType, GoogleProfile, NewUser, User } from './domain/user.js';
export { UserAlreadyExistsError } from './domain/user.errors.js';
