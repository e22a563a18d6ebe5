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
import { newWaitlistEntry, type WaitlistEntry } from '../domain/waitlist-entry.js';
import { PhoneAlreadyRegisteredError } from '../domain/waitlist.errors.js';
import { WaitlistRepository } from './ports/waitlist.repository.js';
import { SendConfirmation } from './send-confirmation.js';

export interface JoinWaitlistCommand extends RawWaitlistApplication {
  /** A form field hidden from people: only bots fill it in. */
  readonly honeypot?: string | undefined;
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
    private readonly entries: WaitlistRepository,
    private readonly confirmation: SendConfirmation,
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
   * Rejects with InvalidWaitlistApplicationError, PhoneAlreadyRegisteredError or
   * EmailAlreadyRegisteredError.
   */
  async execute(command: JoinWaitlistCommand): Promise<JoinWaitlistResult> {
    const application = parseWaitlistApplication(command);
    const trapped = Boolean(command.honeypot?.trim());
    if (trapped) this.logger.log('A waitlist submission filled the honeypot field: trapped');
    const now = this.clock.now();
    const entry = newWaitlistEntry(this.entries.nextId(), application, now, {
      trapped,
      confirmationExpiresAt: confirmationLinkExpiry(now),
    });
    try {
      await this.entries.add(entry);
    } catch (error) {
      if (!(error instanceof PhoneAlreadyRegisteredError)) throw error;
      const existing = await this.entries.findByPhone(application.phone);
      if (existing?.email.value !== entry.email.value || !awaitsConfirmation(existing)) throw error;
      return this.sendAgain(existing);
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

  private result(
    entry: WaitlistEntry,
    confirmationEmail: ConfirmationEmailOutcome,
    linkExpiresAt: Date,
  ): JoinWaitlistResult {
    return { entryId: entry.id, maskedEmail: entry.email.masked, confirmationEmail, linkExpiresAt };
  }
}
