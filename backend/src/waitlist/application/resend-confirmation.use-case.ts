import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { awaitsConfirmation, mayResendConfirmation } from '../domain/confirmation.js';
import { EmailAddress } from '../domain/email-address.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { InvalidWaitlistApplicationError } from '../domain/waitlist.errors.js';
import { fieldParser } from '../domain/waitlist-application.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';
import { SendConfirmation } from './send-confirmation.js';

export interface ResendConfirmationCommand {
  readonly email: string;
  readonly phoneNumber: string;
}

/**
 * "Send me a new link": when the phone and e-mail belong to one entry still awaiting
 * confirmation, a new link is e-mailed (within the daily limit). The answer is the same whether
 * or not anything matched, and is given before the e-mail is queued, so neither its content nor
 * its timing tells whether a phone or an address is on the list.
 */
@Injectable()
export class ResendConfirmation {
  private readonly logger = new Logger(ResendConfirmation.name);

  constructor(
    private readonly entries: WaitlistEntries,
    private readonly confirmation: SendConfirmation,
    private readonly clock: Clock,
  ) {}

  /**
   * Throws InvalidWaitlistApplicationError (the fields' own messages) only. `sending` settles once
   * any e-mail is queued: the caller answers without waiting for it (tests wait). Its failures are
   * logged, without the person's data, and never reach the caller.
   */
  execute(command: ResendConfirmationCommand): { readonly sending: Promise<void> } {
    const { email, phone } = parse(command);
    const sending = this.resendIfMatching(email, phone).catch((error: unknown) => {
      this.logger.warn(`Could not send a confirmation link again: ${String(error)}`);
    });
    return { sending };
  }

  private async resendIfMatching(email: EmailAddress, phone: IndianMobileNumber): Promise<void> {
    const entry = await this.entries.findByPhone(phone);
    if (!entry || entry.email.value !== email.value || !awaitsConfirmation(entry)) return;
    if (!mayResendConfirmation(entry, this.clock.now())) return;
    await this.confirmation.sendAgain(entry);
  }
}

function parse(command: ResendConfirmationCommand) {
  const { field, fieldErrors } = fieldParser();
  const email = field('email', () => EmailAddress.parse(command.email));
  const phone = field('phoneNumber', () => IndianMobileNumber.parse(command.phoneNumber));
  if (!email || !phone) throw new InvalidWaitlistApplicationError(fieldErrors);
  return { email, phone };
}
