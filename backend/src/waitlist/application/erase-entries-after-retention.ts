import { Injectable } from '@nestjs/common';
import { EraseWaitlistEntry } from './erase-waitlist-entry.use-case.js';
import { EntryErasure } from './ports/entry-erasure.js';

/**
 * What the retention job (issue #29) needs of the waitlist: the entries, in pages, and their
 * erasure, which is the person's own erasure (ADR 0023): the same steps, the same confirmation
 * e-mail, the same resumption after a crash, the invites' data forgotten with the entry.
 */
@Injectable()
export class EraseEntriesAfterRetention {
  constructor(
    private readonly entries: EntryErasure,
    private readonly erasure: EraseWaitlistEntry,
  ) {}

  /** Up to `limit` entry ids after `afterId`, in a stable order (a whole pass sees each once). */
  idsAfter(afterId: string | undefined, limit: number): Promise<string[]> {
    return this.entries.idsAfter(afterId, limit);
  }

  /** Erases the entry, or finishes its erasure; an entry already gone is a success. */
  erase(entryId: string): Promise<void> {
    return this.erasure.execute(entryId);
  }
}
