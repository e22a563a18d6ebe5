export { UserRepository } from './application/ports/user.repository.js';
export { newInfluencer } from './domain/user.js';
export type { AccountType, GoogleProfile, NewUser, User } from './domain/user.js';
export { UserAlreadyExistsError } from './domain/user.errors.js';
export { UsersModule } from './users.module.js';
