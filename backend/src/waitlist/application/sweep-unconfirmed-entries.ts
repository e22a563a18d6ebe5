import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { type LinkPurpose, LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { EraseWaitlistEntry } from './erase-waitlist-entry.use-case.js';
import { PersonalSessions } from './ports/personal-sessions.js';
import { SweepSlots } from './ports/sweep-slots.js';
import { EntryErasure } from './ports/entry-erasure.js';

/** How often the sweep runs (each instance tries; one per window does the work). */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/**
 * An entry is erased this long after its link expired, not at once: a confirmation that began
 * just before the expiry finishes before its entry can go.
 */
export const SWEEP_GRACE_MS = 5 * 60_000;
/** Expired tokens are kept a week, so an old link gets "expired", not "not valid". */
export const EXPIRED_TOKENS_KEPT_MS = 7 * 24 * 3_600_000;
/** The link purposes the waitlist issues, and so the only ones its sweep forgets. */
export const WAITLIST_LINK_PURPOSES = [
  'waitlist-confirmation',
  'personal-link',
  'email-change',
] as const satisfies readonly LinkPurpose[];

export interface SweepResult {
  /** False when another instance holds this window's slot (it sweeps instead). */
  readonly swept: boolean;
  readonly erasedEntries: number;
  readonly discardedTokens: number;
  /** Erasures a crash had cut short, finished now. */
  readonly finishedErasures: number;
}

/**
 * Erases the entries not confirmed in time (72 h after their latest link) and forgets the
 * waitlist's own old tokens (other modules' links are theirs to prune). Any number of instances may run it: a window's slot is claimed by one, and the deletions
 * are idempotent anyway, so a slow sweep overlapping the next window deletes nothing twice.
 */
@Injectable()
export class SweepUnconfirmedEntries {
  private readonly logger = new Logger(SweepUnconfirmedEntries.name);

  constructor(
    private readonly entries: EntryErasure,
    private readonly tokens: LinkTokens,
    private readonly slots: SweepSlots,
    private readonly sessions: PersonalSessions,
    private readonly erasure: EraseWaitlistEntry,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<SweepResult> {
    const now = this.clock.now();
    const windowStart = new Date(Math.floor(now.getTime() / SWEEP_INTERVAL_MS) * SWEEP_INTERVAL_MS);
    if (!(await this.slots.claim('waitlist-unconfirmed-entries', windowStart))) {
      return { swept: false, erasedEntries: 0, discardedTokens: 0, finishedErasures: 0 };
    }
    const erasedEntries = await this.entries.eraseUnconfirmedExpiredBefore(
      new Date(now.getTime() - SWEEP_GRACE_MS),
    );
    const discardedTokens = await this.tokens.discardExpiredBefore(
      new Date(now.getTime() - EXPIRED_TOKENS_KEPT_MS),
      WAITLIST_LINK_PURPOSES,
    );
    await this.sessions.discardExpiredBefore(now);
    const finishedErasures = await this.erasure.finishInterrupted();
    if (erasedEntries > 0) {
      this.logger.log(`Erased ${erasedEntries} waitlist entries not confirmed within 72 h`);
    }
    if (finishedErasures > 0) this.logger.log(`Finished ${finishedErasures} interrupted erasures`);
    return { swept: true, erasedEntries, discardedTokens, finishedErasures };
  }
}
