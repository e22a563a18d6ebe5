import { Injectable } from '@nestjs/common';
import type { Account } from '../domain/user.js';
import { BrandAccountRepository } from './ports/brand-account.repository.js';
import { UserRepository } from './ports/user.repository.js';

/**
 * Every kind of account by id, for what serves them all alike: sessions, the current user, role
 * checks. Creators' and brands' ids are both ObjectIds, so an id names one account at most.
 */
@Injectable()
export class Accounts {
  constructor(
    private readonly users: UserRepository,
    private readonly brands: BrandAccountRepository,
  ) {}

  async findById(id: string): Promise<Account | null> {
    return (await this.users.findById(id)) ?? (await this.brands.findById(id));
  }
}
