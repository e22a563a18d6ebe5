/**
 * The payout profiles' contract face (issue #26, item 3): where a creator is paid. The payments
 * module asks it for the creator's Route linked account before a milestone can be funded.
 */

export type PayoutProfileStatus = 'not_started' | 'pending' | 'verified' | 'failed';

export interface PayoutDestination {
  /** The gateway's linked account the creator's transfers go to. */
  readonly linkedAccountId: string;
  /** Shown to people: e.g. "HDFC0001234 ••••6789"; never the full number. */
  readonly maskedDestination: string;
}

export abstract class PayoutAccounts {
  /** The creator's verified payout destination, or null while the profile is not verified. */
  abstract verifiedDestination(creatorId: string): Promise<PayoutDestination | null>;
}
