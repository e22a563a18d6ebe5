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
} from '../domain/waitlist.errors.js';
import { NotifyJoinAttempt } from './notify-join-attempt.js';
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
  readonly kind: 'joined';
  readonly entryId: string;
  /** The address to check, masked ("a•••o@example.com"). */
  readonly maskedEmail: string;
  readonly confirmationEmail: ConfirmationEmailOutcome;
  /** Until when the latest confirmation link works. */
  readonly linkExpiresAt: Date;
}

/**
 * The answer of a client whose "already registered" budget is spent: the same for free and taken
 * details (#36). Free ones were joined and mailed their link; the owner of taken ones was told.
 */
export interface CheckYourEmail {
  readonly kind: 'check-email';
  /** The address given, masked. */
  readonly maskedEmail: string;
}

export type JoinWaitlistAnswer = JoinWaitlistResult | CheckYourEmail;

@Injectable()
export class JoinWaitlist {
  private readonly logger = new Logger(JoinWaitlist.name);

  constructor(
    private readonly entries: WaitlistEntries,
    private readonly confirmation: SendConfirmation,
    private readonly limits: LimitSlots,
    private readonly joinLimits: JoinLimits,
    private readonly attempts: NotifyJoinAttempt,
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
   * submissions (which a bot could use to probe without mail going out) counted with them (#28).
   * Past that, the client is not refused (behind a shared address that would lock out everyone
   * else, #36): every submission of the client is answered "check your e-mail" (CheckYourEmail),
   * free details are joined and mailed as usual, and the owner of taken ones is told someone
   * tried (NotifyJoinAttempt), until the oldest answer leaves the hour.
   *
   * Rejects with InvalidWaitlistApplicationError, PhoneAlreadyRegisteredError or
   * EmailAlreadyRegisteredError.
   */
  async execute(command: JoinWaitlistCommand): Promise<JoinWaitlistAnswer> {
    const application = parseWaitlistApplication(command);
    const trapped = Boolean(command.honeypot?.trim());
    if (trapped) this.logger.log('A waitlist submission filled the honeypot field: trapped');
    const now = this.clock.now();
    const budget = command.client === undefined ? undefined : this.budgetOf(command.client);
    let blind = budget !== undefined && !(await this.within(budget, now, 'peek'));
    if (budget && trapped && !blind) blind = !(await this.within(budget, now, 'claim'));
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
        const again = await this.sendAgain(existing);
        return blind ? checkYourEmail(entry) : again;
      }
      // Counted before it is answered (a trapped submission was counted already).
      if (budget && !trapped && !blind) blind = !(await this.within(budget, now, 'claim'));
      if (!blind) throw error;
      if (!trapped) await this.attempts.execute(application, now);
      return checkYourEmail(entry);
    }
    const linkExpiresAt = await this.confirmation.sendFirst(entry);
    return blind ? checkYourEmail(entry) : this.result(entry, 'sent', linkExpiresAt);
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

  /** Whether the client's budget has room: peeked, or one use claimed. */
  private async within(
    { owner, limit, windowMs }: { owner: string; limit: number; windowMs: number },
    now: Date,
    how: 'peek' | 'claim',
  ): Promise<boolean> {
    return (await this.limits[how](owner, limit, windowMs, now)).claimed;
  }

  private result(
    entry: WaitlistEntry,
    confirmationEmail: ConfirmationEmailOutcome,
    linkExpiresAt: Date,
  ): JoinWaitlistResult {
    return {
      kind: 'joined',
      entryId: entry.id,
      maskedEmail: entry.email.masked,
      confirmationEmail,
      linkExpiresAt,
    };
  }
}

function checkYourEmail(entry: WaitlistEntry): CheckYourEmail {
  return { kind: 'check-email', maskedEmail: entry.email.masked };
}
