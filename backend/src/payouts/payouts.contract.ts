/**
 * The payout profiles' contract face (issue #26, item 3): where a creator is paid. The payments
 * module asks it for the creator's Route linked account before a milestone can be funded.
 */

export const PAYOUT_PROFILE_STATUSES = ['not_started', 'pending', 'verified', 'failed'] as const;
export type PayoutProfileStatus = (typeof PAYOUT_PROFILE_STATUSES)[number];

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

/**
 * What the payments module tells the payout profiles: the gateway reported a change of a linked
 * account (Razorpay's `account.*` webhooks). The profile re-reads the account from the gateway,
 * so a forged, duplicated or late event changes nothing wrongly. Unknown ids are ignored.
 */
export abstract class PayoutAccountEvents {
  abstract linkedAccountChanged(accountId: string): Promise<void>;
}

/** A creator's payout profile in their personal data download: masked, as everywhere. */
export interface PayoutProfilePersonalRecord {
  readonly legalName: string;
  readonly maskedPan: string;
  readonly phone: string;
  readonly email: string;
  readonly ifsc: string;
  readonly bankName: string | null;
  readonly maskedAccountNumber: string;
  readonly upiId: string | null;
  readonly gstin: string | null;
  readonly status: PayoutProfileStatus;
  readonly linkedAccountId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * The payout profile's part of a creator's data rights (docs/privacy.md): what it holds for the
 * download, and the erasure of it (idempotent). The linked account itself stays with the gateway,
 * which keeps its KYC records under its own legal obligations.
 */
export abstract class PayoutProfilePersonalData {
  abstract exportOf(creatorId: string): Promise<PayoutProfilePersonalRecord | null>;
  abstract erase(creatorId: string): Promise<void>;
}
