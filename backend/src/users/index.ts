export { AdminEmailList } from './application/ports/admin-email-list.js';
export {
  type AdminBinding,
  AdminBindings,
  AdminPolicy,
} from './application/ports/admin-bindings.js';
export { UserRepository } from './application/ports/user.repository.js';
export { UserRoles } from './application/user-roles.js';
export { newInfluencer } from './domain/user.js';
export { ROLES, type Role } from './domain/role.js';
export type { AccountType, GoogleProfile, NewUser, User } from './domain/user.js';
export { UserAlreadyExistsError } from './domain/user.errors.js';
export { UsersModule } from './users.module.js';
