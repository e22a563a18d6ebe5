import { Injectable } from '@nestjs/common';
import { Outbox } from '../../mail/mail.contract.js';
import { isOpenToItsPerson } from '../domain/personal-page.js';
import type { WaitlistApplication } from '../domain/waitlist-application.js';
import { DAY_MS, type WaitlistEntry } from '../domain/waitlist-entry.js';
import { PersonalLinkIssuer } from './personal-link-issuer.js';
import { LimitSlots } from './ports/limit-slots.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';

/** One "someone tried" e-mail per entry a day: a stranger cannot flood the owner's inbox. */
export const JOIN_ATTEMPT_NOTICES_PER_DAY = 1;

/**
 * Tells the owner of details someone sent to the waitlist form again, when that client was
 * answered "check your e-mail" instead of "already registered" (#36): the mail goes to the entry
 * that holds the phone and to the one that holds the e-mail address (one mail when they are the
 * same entry), never to a trapped or erased entry.
 */
@Injectable()
export class NotifyJoinAttempt {
  constructor(
    private readonly entries: WaitlistEntries,
    private readonly personalLinks: PersonalLinkIssuer,
    private readonly limits: LimitSlots,
    private readonly outbox: Outbox,
  ) {}

  async execute(application: WaitlistApplication, now: Date): Promise<void> {
    const [byPhone, byEmail] = await Promise.all([
      this.entries.findByPhone(application.phone),
      this.entries.findByEmail(application.email),
    ]);
    if (byPhone && byPhone.id === byEmail?.id) {
      await this.notify(byPhone, 'both', now);
      return;
    }
    if (byPhone) await this.notify(byPhone, 'phone', now);
    if (byEmail) await this.notify(byEmail, 'email', now);
  }

  private async notify(
    entry: WaitlistEntry,
    details: 'phone' | 'email' | 'both',
    now: Date,
  ): Promise<void> {
    if (!isOpenToItsPerson(entry)) return;
    const owner = `join-attempt-notice:${entry.id}`;
    const slot = await this.limits.claim(owner, JOIN_ATTEMPT_NOTICES_PER_DAY, DAY_MS, now);
    if (!slot.claimed) return;
    await this.outbox.enqueue({
      key: `waitlist-join-attempt:${entry.id}:${String(now.getTime())}`,
      kind: 'waitlist-join-attempt',
      to: { email: entry.email.value, name: entry.fullName.value },
      data: { details, personalUrl: await this.personalLinks.urlFor(entry.id, now) },
      about: entry.id,
    });
  }
}
