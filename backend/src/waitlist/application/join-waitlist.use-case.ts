import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  awaitsConfirmation,
  confirmationLinkExpiry,
  mayResendConfirmation,
} from '../domain/confirmation.js';
import {
  parseWaitlistApplication,
  type RawWaitlistApplication,
} from '../domain/waitlist-application.js';
import { HOUR_MS, newWaitlistEntry, type WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
  TooManyAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import { JoinLimits } from './ports/join-limits.js';
import { LimitSlots } from './ports/limit-slots.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';
import { SendConfirmation } from './send-confirmation.js';

export interface JoinWaitlistCommand extends RawWaitlistApplication {
  /** A form field hidden from people: only bots fill it in. */
  readonly honeypot?: string | undefined;
  /**
   * Who sends it (the client's address, as the rate limits see it): its "already registered"
   * answers have their own budget. Absent: no budget (a caller that is not the public form).
   */
  readonly client?: string | undefined;
}

/**
 * What happened to the confirmation e-mail: sent (a new entry), sent again (the same phone and
 * e-mail, still unconfirmed), or not sent again (that entry had its e-mails for today).
 */
export type ConfirmationEmailOutcome = 'sent' | 'sent_again' | 'not_sent_again';

export interface JoinWaitlistResult {
  readonly entryId: string;
  /** The address to check, masked ("a•••o@example.com"). */
  readonly maskedEmail: string;
  readonly confirmationEmail: ConfirmationEmailOutcome;
  /** Until when the latest confirmation link works. */
  readonly linkExpiresAt: Date;
}

@Injectable()
export class JoinWaitlist {
  private readonly logger = new Logger(JoinWaitlist.name);

  constructor(
    private readonly entries: WaitlistEntries,
    private readonly confirmation: SendConfirmation,
    private readonly limits: LimitSlots,
    private readonly joinLimits: JoinLimits,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores the entry (phone and e-mail are taken from now on) and e-mails its confirmation link;
   * the seat comes with the confirmation. The same phone and e-mail again, still unconfirmed:
   * the link is e-mailed again instead (at most MAX_RESENDS_PER_DAY times a day).
   *
   * A submission that filled the honeypot is answered exactly as a person's would be, by the
   * same steps: stored (flagged as trapped, so nothing is e-mailed and it can never be confirmed)
   * and erased with the unconfirmed entries. A bot learns nothing it could adapt to: sending the
   * same body twice gets "sent again", a taken phone the same 409.
   *
   * A trapped submission never keeps a phone or an address from a person: a person's submission
   * frees the values a trapped one holds (the store does), and sending it again never extends its
   * life (#28).
   *
   * The duplicate messages tell whether a phone or an address is on the list (the specification
   * wants them), so each client gets JoinLimits.alreadyRegisteredPerHour of them an hour, trapped
   * submissions (which a bot could use to probe without mail going out) counted with them; past
   * that, every submission of the client is refused until the oldest leaves the hour (#28).
   *
   * Rejects with InvalidWaitlistApplicationError, PhoneAlreadyRegisteredError,
   * EmailAlreadyRegisteredError or TooManyAlreadyRegisteredError.
   */
  async execute(command: JoinWaitlistCommand): Promise<JoinWaitlistResult> {
    const application = parseWaitlistApplication(command);
    const trapped = Boolean(command.honeypot?.trim());
    if (trapped) this.logger.log('A waitlist submission filled the honeypot field: trapped');
    const now = this.clock.now();
    const budget = command.client === undefined ? undefined : this.budgetOf(command.client);
    if (budget) {
      // Spent: refused whatever the answer would be, so a 429 itself tells nothing.
      await this.refuseWhenSpent(budget, now, 'peek');
      if (trapped) await this.refuseWhenSpent(budget, now, 'claim');
    }
    const entry = newWaitlistEntry(this.entries.nextId(), application, now, {
      trapped,
      confirmationExpiresAt: confirmationLinkExpiry(now),
    });
    try {
      await this.entries.add(entry);
    } catch (error) {
      const alreadyRegistered =
        error instanceof PhoneAlreadyRegisteredError ||
        error instanceof EmailAlreadyRegisteredError;
      if (!alreadyRegistered) throw error;
      const existing =
        error instanceof PhoneAlreadyRegisteredError
          ? await this.entries.findByPhone(application.phone)
          : undefined;
      if (existing?.email.value === entry.email.value && awaitsConfirmation(existing)) {
        return this.sendAgain(existing);
      }
      // Counted before it is answered (a trapped submission was counted already).
      if (budget && !trapped) await this.refuseWhenSpent(budget, now, 'claim');
      throw error;
    }
    const linkExpiresAt = await this.confirmation.sendFirst(entry);
    return this.result(entry, 'sent', linkExpiresAt);
  }

  private async sendAgain(entry: WaitlistEntry): Promise<JoinWaitlistResult> {
    if (!mayResendConfirmation(entry, this.clock.now())) {
      return this.result(entry, 'not_sent_again', entry.confirmationExpiresAt ?? this.clock.now());
    }
    const linkExpiresAt = await this.confirmation.sendAgain(entry);
    return this.result(entry, 'sent_again', linkExpiresAt);
  }

  private budgetOf(client: string) {
    return {
      owner: `join-already-registered:${client}`,
      limit: this.joinLimits.alreadyRegisteredPerHour,
      windowMs: HOUR_MS,
    };
  }

  private async refuseWhenSpent(
    { owner, limit, windowMs }: { owner: string; limit: number; windowMs: number },
    now: Date,
    how: 'peek' | 'claim',
  ): Promise<void> {
    const use = await this.limits[how](owner, limit, windowMs, now);
    if (use.claimed) return;
    // Capped at the window: a concurrent request that opened the window read its clock a few
    // milliseconds after this one did, so its end can lie just over one window from `now`.
    const seconds = Math.min(
      windowMs / 1000,
      Math.max(1, Math.ceil((use.retryAt.getTime() - now.getTime()) / 1000)),
    );
    throw new TooManyAlreadyRegisteredError(seconds);
  }

  private result(
    entry: WaitlistEntry,
    confirmationEmail: ConfirmationEmailOutcome,
    linkExpiresAt: Date,
  ): JoinWaitlistResult {
    return { entryId: entry.id, maskedEmail: entry.email.masked, confirmationEmail, linkExpiresAt };
  }
}
