import { Injectable } from '@nestjs/common';
import { type Account, Accounts } from '../../users/users.contract.js';
import { SessionExpiredError } from '../domain/auth.errors.js';

@Injectable()
export class GetCurrentUser {
  constructor(private readonly users: Accounts) {}

  /** Throws SessionExpiredError when the account no longer exists. */
  async execute(userId: string): Promise<Account> {
    const user = await this.users.findById(userId);
    if (!user) throw new SessionExpiredError();
    return user;
  }
}
