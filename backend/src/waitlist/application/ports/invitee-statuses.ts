import type { IndianMobileNumber } from '../../domain/indian-mobile-number.js';
import type { UserType } from '../../domain/user-type.js';
import type { JoinedAccount } from '../../domain/waitlist-entry.js';

/** Who an invite is for, as a brand's mobile sign-up checks it. */
export interface Invitee {
  readonly phone: IndianMobileNumber;
  readonly userType: UserType;
}

/**
 * The one write port other features may use on the waitlist (invites, issue #15): an entry's
 * status as invites move it — invited, re-sent, revoked, joined — and who an invite is for.
 */
export abstract class InviteeStatuses {
  /** The invitee of an entry; undefined when the entry is gone (or the id malformed). */
  abstract findInvitee(id: string): Promise<Invitee | undefined>;

  /**
   * Confirmed entries among `ids` become `invited`; every one of them that is confirmed or
   * invited gets `event` in its history. Entries in other states are untouched.
   */
  abstract markInvited(
    ids: readonly string[],
    event: 'invited' | 'invite-resent' | 'invite-revoked',
    at: Date,
  ): Promise<void>;

  /** The entry's invite was redeemed: status `joined`, linked to the account. Idempotent. */
  abstract markJoined(id: string, account: JoinedAccount, at: Date): Promise<void>;
}
