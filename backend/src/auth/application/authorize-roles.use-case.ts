import { Injectable } from '@nestjs/common';
import {
  type Account,
  Accounts,
  type BrandAccount,
  type Role,
  type User,
  UserRoles,
} from '../../users/users.contract.js';
import { RoleRequiredError, SessionExpiredError } from '../domain/auth.errors.js';

/** A creator who passed a role check: the account and the roles it holds at this moment. */
export interface AuthorizedUser {
  readonly user: User;
  readonly roles: readonly Role[];
}

/** A brand that passed a role check (`@Roles('brand')`). */
export interface AuthorizedBrand {
  readonly brand: BrandAccount;
}

/** Any account that passed a role check. */
export interface AuthorizedAccount {
  readonly account: Account;
  readonly roles: readonly Role[];
}

/**
 * Checks, on every request that needs one, that the signed-in account holds one of the roles.
 * The account (a creator's or a brand's) is read from the database and its roles derived anew
 * each time (one read by primary key, and the admin binding's), so an address taken off
 * ADMIN_EMAILS loses admin rights at the next request, and only the Google account bound to an
 * admin address holds its role.
 */
@Injectable()
export class AuthorizeRoles {
  constructor(
    private readonly users: Accounts,
    private readonly userRoles: UserRoles,
  ) {}

  /** Throws SessionExpiredError when the account is gone, RoleRequiredError without the role. */
  async execute(userId: string, required: readonly Role[]): Promise<AuthorizedAccount> {
    const user = await this.users.findById(userId);
    if (!user) throw new SessionExpiredError();
    const roles = await this.userRoles.ofAccount(user);
    if (!required.some((role) => roles.includes(role))) throw new RoleRequiredError();
    return { account: user, roles };
  }
}
