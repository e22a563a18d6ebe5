import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import type { Seat } from '../domain/seat.js';
import {
  ConfirmationLinkExpiredError,
  ConfirmationLinkNotFoundError,
} from '../domain/waitlist.errors.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';
import { EntryConfirmations } from './ports/entry-confirmations.js';
import { WaitlistSeats } from './ports/waitlist-seats.js';

export interface ConfirmedPlace {
  readonly seat: Seat;
  /** The entry was confirmed before this request (the link opened again): same seat. */
  readonly alreadyConfirmed: boolean;
}

@Injectable()
export class ConfirmWaitlistPlace {
  constructor(
    private readonly tokens: LinkTokens,
    private readonly entries: WaitlistEntries,
    private readonly confirmations: EntryConfirmations,
    private readonly seats: WaitlistSeats,
    private readonly clock: Clock,
  ) {}

  /**
   * Confirms the entry the link was sent to, and claims its seat now. Opening the link again
   * answers the same seat and sends nothing. Rejects with ConfirmationLinkNotFoundError (never
   * issued, tampered, another purpose, entry erased) or ConfirmationLinkExpiredError.
   *
   * Crash-safe without transactions: each step is idempotent (the token's use is recorded once,
   * the seat is claimed once per entry, the entry marked with that seat), so a confirmation cut
   * short by a crash completes when the link is opened again.
   */
  async execute(token: string): Promise<ConfirmedPlace> {
    const now = this.clock.now();
    const link = await this.tokens.check(token, 'waitlist-confirmation', now);
    if (link.status === 'unknown') throw new ConfirmationLinkNotFoundError();
    const entry = await this.entries.findById(link.subject);
    if (!entry || entry.trapped) {
      if (link.status === 'expired') throw new ConfirmationLinkExpiredError();
      throw new ConfirmationLinkNotFoundError();
    }
    if (entry.status !== 'awaiting_confirmation' && entry.seat) {
      return { seat: entry.seat, alreadyConfirmed: true };
    }
    if (link.status === 'expired') throw new ConfirmationLinkExpiredError();
    await this.tokens.markUsed(token, now);
    const seat = await this.seats.claim(entry.id, now);
    await this.confirmations.markConfirmed(entry.id, seat, now);
    return { seat, alreadyConfirmed: false };
  }
}
