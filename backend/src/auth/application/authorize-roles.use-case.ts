import { Injectable } from '@nestjs/common';
import { type Role, type User, UserRepository, UserRoles } from '../../users/users.contract.js';
import { RoleRequiredError, SessionExpiredError } from '../domain/auth.errors.js';

/** Who passed a role check: the account and the roles it holds at this moment. */
export interface AuthorizedUser {
  readonly user: User;
  readonly roles: readonly Role[];
}

/**
 * Checks, on every request that needs one, that the signed-in account holds one of the roles.
 * The account is read from the database and its roles derived anew each time (one read by
 * primary key), so an address taken off ADMIN_EMAILS loses admin rights at the next request.
 */
@Injectable()
export class AuthorizeRoles {
  constructor(
    private readonly users: UserRepository,
    private readonly userRoles: UserRoles,
  ) {}

  /** Throws SessionExpiredError when the account is gone, RoleRequiredError without the role. */
  async execute(userId: string, required: readonly Role[]): Promise<AuthorizedUser> {
    const user = await this.users.findById(userId);
    if (!user) throw new SessionExpiredError();
    const roles = this.userRoles.of(user);
    if (!required.some((role) => roles.includes(role))) throw new RoleRequiredError();
    return { user, roles };
  }
}
