import { Injectable } from '@nestjs/common';
import type { EntryDataHolder } from '../../waitlist/waitlist.contract.js';
import { InviteStore } from './ports/invite-store.js';

/**
 * What the invites module holds about a waitlist entry, forgotten when the entry is erased
 * (#13, ADR 0023): the invite's e-mail, name, code hash, entry and account, and the claim's
 * account and Google identity. Registered with the waitlist's EntryDataHolders by InvitesModule.
 */
@Injectable()
export class InviteePersonalData implements EntryDataHolder {
  constructor(private readonly store: InviteStore) {}

  /** The address the invite was sent to (the entry's address then, maybe not now). */
  async addressesOf(entryId: string): Promise<readonly string[]> {
    const invite = await this.store.findByEntryId(entryId);
    return invite?.email ? [invite.email] : [];
  }

  forget(entryId: string, at: Date): Promise<void> {
    return this.store.forgetEntry(entryId, at);
  }
}
