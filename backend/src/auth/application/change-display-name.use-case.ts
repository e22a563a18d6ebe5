import { Injectable } from '@nestjs/common';
import { type User, UserRepository } from '../../users/users.contract.js';
import { SessionExpiredError } from '../domain/auth.errors.js';

/**
 * A creator's own display name (Settings → Profile): it stays over the name Google gives at each
 * sign-in, and Paylock names the creator by it from then on.
 */
@Injectable()
export class ChangeDisplayName {
  constructor(private readonly users: UserRepository) {}

  /** Throws SessionExpiredError when the account no longer exists. */
  async execute(userId: string, displayName: string): Promise<User> {
    const user = await this.users.rename(userId, displayName);
    if (!user) throw new SessionExpiredError();
    return user;
  }
}
