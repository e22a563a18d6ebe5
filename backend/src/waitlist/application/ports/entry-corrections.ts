import type { EmailAddress } from '../../domain/email-address.js';
import type { FullName } from '../../domain/full-name.js';
import type { IndianMobileNumber } from '../../domain/indian-mobile-number.js';
import type { InstagramHandle } from '../../domain/instagram-handle.js';
import type { UserType } from '../../domain/user-type.js';
import type { PendingEmail, WaitlistHistoryEvent } from '../../domain/waitlist-entry.js';

/** New values for the fields a person corrects on their page; absent ones stay. */
export interface EntryCorrection {
  readonly fullName?: FullName;
  readonly instagramHandle?: InstagramHandle;
  readonly userType?: UserType;
  readonly phone?: IndianMobileNumber;
}

/** What a person changes on their personal page: corrected fields, a new e-mail address. */
export abstract class EntryCorrections {
  /**
   * Writes the corrected fields and records `event`. Rejects with PhoneAlreadyRegisteredError
   * (and changes nothing) when the new phone is another entry's.
   */
  abstract correct(
    id: string,
    correction: EntryCorrection,
    event: WaitlistHistoryEvent,
  ): Promise<void>;

  /**
   * Keeps a new address until its link is opened (replacing any earlier one), records `event`.
   * False (nothing written) when the entry is gone or its erasure began.
   */
  abstract requestEmailChange(
    id: string,
    pending: PendingEmail,
    event: WaitlistHistoryEvent,
  ): Promise<boolean>;

  /**
   * Switches to the pending address asked for at `requestedAt`, if it is still the pending one:
   * true when switched (or already switched to `email`). Rejects with EmailAlreadyRegisteredError
   * when another entry holds the address by now.
   */
  abstract switchEmail(
    id: string,
    email: EmailAddress,
    requestedAt: Date,
    event: WaitlistHistoryEvent,
  ): Promise<boolean>;
}
