import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { AccountSessionRecords } from './ports/account-session-records.js';
import { SessionStore } from './ports/session.store.js';

/**
 * Ends every session of an account and forgets them (the account's erasure, #41): each is revoked
 * first (its very next call or refresh fails on every API instance, which all read the store),
 * then its records go, with the browsers the account was seen on.
 */
@Injectable()
export class EndAccountSessions {
  constructor(
    private readonly sessions: SessionStore,
    private readonly records: AccountSessionRecords,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string): Promise<void> {
    await this.sessions.revokeOtherSessions(accountId, '', this.clock.now());
    await this.records.eraseAllOf(accountId);
  }
}
