import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { NomineeNotFoundError } from '../domain/account-data.errors.js';
import { type Nominee, nomineeOf } from '../domain/nominee.js';
import { Nominees } from './ports/nominees.js';

/** The person's nominee (DPDP Act, section 14): shown, named or changed, and removed. */
@Injectable()
export class ManageNominee {
  constructor(
    private readonly nominees: Nominees,
    private readonly clock: Clock,
  ) {}

  find(accountId: string): Promise<Nominee | undefined> {
    return this.nominees.find(accountId);
  }

  /** Throws InvalidNomineeError (each field's message) for a name or address that does not fit. */
  async name(accountId: string, input: { name: string; email: string }): Promise<Nominee> {
    const nominee = nomineeOf(input, this.clock.now());
    await this.nominees.save(accountId, nominee);
    return nominee;
  }

  async remove(accountId: string): Promise<void> {
    if (!(await this.nominees.remove(accountId))) throw new NomineeNotFoundError();
  }
}
