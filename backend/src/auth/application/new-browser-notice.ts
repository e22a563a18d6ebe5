import { Injectable, Logger } from '@nestjs/common';
import { Outbox } from '../../mail/mail.contract.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import { ContactEmails, mailAddressOf, type User } from '../../users/users.contract.js';
import type { SessionDevice } from '../domain/session.js';
import { AccountLinks } from './ports/account-links.js';
import { KnownDevices } from './ports/known-devices.js';
import { SignInNotices } from './ports/sign-in-notices.js';

const HOUR_MS = 3_600_000;
/** New-browser notices per account per hour: a storm of sign-ins cannot flood the mailbox. */
export const NEW_BROWSER_MAILS_PER_HOUR = 3;

const WHEN = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * A sign-in from a browser the account never signed in from gets a notice by mail (#41), to
 * where the account's notices go. The browser of the sign-up is known from the start. A failure
 * here never fails the sign-in: it is logged.
 */
@Injectable()
export class NewBrowserNotice extends SignInNotices {
  private readonly logger = new Logger(NewBrowserNotice.name);

  constructor(
    private readonly devices: KnownDevices,
    private readonly contacts: ContactEmails,
    private readonly outbox: Outbox,
    private readonly countHit: CountHit,
    private readonly links: AccountLinks,
  ) {
    super();
  }

  async signedUp(user: User, device: SessionDevice, at: Date): Promise<void> {
    await this.devices.remember(user.id, device.userAgent, at).catch((error: unknown) => {
      this.logger.warn(`Could not record the sign-up's browser: ${String(error)}`);
    });
  }

  async signedIn(user: User, device: SessionDevice, at: Date): Promise<void> {
    try {
      const sighting = await this.devices.remember(user.id, device.userAgent, at);
      if (!sighting.firstSeen) return;
      const budget = await this.countHit.execute(
        `new-browser:${user.id}`,
        HOUR_MS,
        NEW_BROWSER_MAILS_PER_HOUR,
      );
      if (budget.isBlocked) return;
      const to = mailAddressOf(user.email, await this.contacts.find(user.id)) ?? user.email;
      await this.outbox.enqueue({
        key: `new-sign-in:${user.id}:${String(at.getTime())}`,
        kind: 'new-sign-in',
        to: { email: to, name: user.displayName },
        data: {
          device: sighting.name,
          at: `${WHEN.format(at)} India time`,
          securityUrl: this.links.securityUrl(),
        },
        about: user.id,
      });
    } catch (error) {
      this.logger.warn(`Could not send a new-browser notice: ${String(error)}`);
    }
  }
}
