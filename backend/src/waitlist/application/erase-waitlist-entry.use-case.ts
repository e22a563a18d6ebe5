import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import { EntryDataHolders } from './ports/entry-data-holders.js';
import { PersonalPageLinks } from './ports/personal-page-links.js';
import { PersonalSessions } from './ports/personal-sessions.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';
import { EntryErasure } from './ports/entry-erasure.js';

/**
 * Erasure and withdrawal of consent (#13, ADR 0023). Without transactions, as a sequence of
 * idempotent steps whose start is recorded on the entry:
 *
 * 1. the entry is marked (`erasureRequestedAt`): closed to its page, its links and its sessions;
 * 2. the confirmation of the erasure is queued, to the address still known (it forgets its
 *    recipient once sent);
 * 3. sessions, link tokens, and every other message to the address (queued ones dropped, sent
 *    ones redacted) go, every message queued about the entry by its id (whatever its address,
 *    even one queued after the entry was read: a new address asked for meanwhile), and the
 *    messages to any address another module e-mailed for the entry;
 * 4. the other modules holding personal data about the entry (EntryDataHolders: the invites)
 *    forget it;
 * 5. the entry goes, with every personal field; its seat row (number, time) stays, so no other
 *    seat moves, and the unique indexes no longer see the phone or the e-mail.
 *
 * A crash anywhere leaves the mark; running again (the person's retry, or the sweeper) does the
 * remaining steps, and repeating a done step changes nothing.
 */
/** The outbox key of the e-mail confirming an entry's erasure: the one message kept. */
export function erasureConfirmationKey(entryId: string): string {
  return `erasure-confirmation:${entryId}`;
}

@Injectable()
export class EraseWaitlistEntry {
  private readonly logger = new Logger(EraseWaitlistEntry.name);

  constructor(
    private readonly entries: WaitlistEntries,
    private readonly erasure: EntryErasure,
    private readonly sessions: PersonalSessions,
    private readonly tokens: LinkTokens,
    private readonly outbox: Outbox,
    private readonly links: PersonalPageLinks,
    private readonly holders: EntryDataHolders,
    private readonly clock: Clock,
  ) {}

  /** Erases the entry (or finishes its erasure); an entry already gone is a success. */
  async execute(entryId: string): Promise<void> {
    const entry = await this.entries.findById(entryId);
    if (entry) await this.erase(entry);
  }

  /** The same, for a caller that has just read the entry (the person's own page). */
  async erase(entry: WaitlistEntry): Promise<void> {
    if (entry.erasureRequestedAt === undefined) {
      await this.erasure.markErasureRequested(entry.id, this.clock.now());
    }
    await this.finish(entry);
  }

  /** The sweeper's part: erasures a crash cut short are finished. Answers how many. */
  async finishInterrupted(): Promise<number> {
    let finished = 0;
    for (const id of await this.erasure.idsAwaitingErasure()) {
      try {
        await this.execute(id);
        finished += 1;
      } catch (error) {
        this.logger.warn(`Could not finish an erasure yet: ${String(error)}`);
      }
    }
    return finished;
  }

  private async finish(entry: WaitlistEntry): Promise<void> {
    const confirmationKey = erasureConfirmationKey(entry.id);
    if (!entry.trapped) {
      await this.outbox.enqueue({
        key: confirmationKey,
        kind: 'erasure-confirmation',
        to: { email: entry.email.value, name: entry.fullName.value },
        data: {
          seat: entry.seat ? String(entry.seat.number) : '',
          personalUrl: this.links.requestPageUrl(),
        },
        forgetRecipientOnceSent: true,
      });
    }
    await this.sessions.endAllOf(entry.id);
    await this.tokens.discardFor(entry.id);
    await this.outbox.forgetRecipient(entry.email.value, confirmationKey);
    await this.outbox.forgetAbout(entry.id, confirmationKey);
    if (entry.pendingEmail) await this.outbox.forgetRecipient(entry.pendingEmail.email.value);
    // Addresses first: once a holder has forgotten the entry it no longer knows them.
    for (const holder of this.holders.all()) {
      for (const address of await holder.addressesOf(entry.id)) {
        await this.outbox.forgetRecipient(address, confirmationKey);
      }
    }
    const now = this.clock.now();
    for (const holder of this.holders.all()) await holder.forget(entry.id, now);
    await this.erasure.remove(entry.id);
  }
}
