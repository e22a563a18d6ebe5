import { type Role, rolesOf } from '../domain/role.js';
import type { User } from '../domain/user.js';
import { AdminEmailList } from './ports/admin-email-list.js';

/**
 * The roles of a user, derived from the account's e-mail each time they are asked for. Every
 * stored account's e-mail is one the identity provider verified (sign-in refuses unverified ones,
 * see JoseGoogleIdentityVerifier) and is refreshed on each sign-in. A plain class (UsersModule
 * builds it), so the users contract carries nothing of Nest.
 */
export class UserRoles {
  constructor(private readonly adminEmails: AdminEmailList) {}

  of(user: Pick<User, 'email'>): Role[] {
    return rolesOf(user.email, (email) => this.adminEmails.includes(email));
  }
}
