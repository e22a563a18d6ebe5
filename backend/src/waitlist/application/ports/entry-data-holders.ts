import { Injectable } from '@nestjs/common';

/**
 * Another module that holds personal data about a waitlist entry (the invites module: the
 * address and name an invite was sent to). The erasure (ADR 0023) asks each one registered to
 * forget the entry, so the waitlist never imports the modules built on it.
 */
export interface EntryDataHolder {
  /**
   * The addresses it had e-mailed on the entry's behalf (possibly one the entry no longer
   * has): their messages are forgotten with the entry's own. Empty once forgotten.
   */
  addressesOf(entryId: string): Promise<readonly string[]>;

  /**
   * Removes or redacts what it holds about the entry. Idempotent: a rerun after a crash
   * finishes it, and running it again changes nothing.
   */
  forget(entryId: string, at: Date): Promise<void>;
}

/**
 * The registry of the other holders: a module implementing EntryDataHolder registers itself
 * at start (onModuleInit), before any request or sweep runs an erasure.
 */
@Injectable()
export class EntryDataHolders {
  private readonly holders: EntryDataHolder[] = [];

  register(holder: EntryDataHolder): void {
    if (!this.holders.includes(holder)) this.holders.push(holder);
  }

  all(): readonly EntryDataHolder[] {
    return this.holders;
  }
}
