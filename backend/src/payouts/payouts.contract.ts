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
 * account (Route's `product.route.activated|under_review|needs_clarification` webhooks, the
 * account id at `payload.merchant_product.account_id`; Razorpay's `account.*` ones too). The profile re-reads the account from the gateway,
 * so a forged, duplicated or late event changes nothing wrongly. Unknown ids are ignored.
 */
export abstract class PayoutAccountEvents {
  abstract linkedAccountChanged(accountId: string): Promise<void>;
}

/** One revision's Route linked account in the data download, as the gateway last reported it. */
export interface PayoutLinkedAccountRecord {
  readonly revision: number;
  /** The gateway's id (null until it created the account). */
  readonly accountId: string | null;
  readonly gatewayStatus: string | null;
  readonly status: PayoutProfileStatus;
  readonly failureReason: string | null;
  readonly updatedAt: string;
}

/**
 * A creator's payout profile in their own data download: everything it holds, the PAN and the
 * account number **in full** (decrypted for this download only; masked everywhere else).
 */
export interface PayoutProfilePersonalRecord {
  readonly revision: number;
  readonly legalName: string;
  readonly pan: string;
  readonly phone: string;
  readonly email: string;
  /** Where the linked account settles: the bank account's three fields, or the UPI ID. */
  readonly payoutMethod: 'bank_account' | 'upi';
  readonly accountNumber: string | null;
  readonly ifsc: string | null;
  readonly bankName: string | null;
  readonly upiId: string | null;
  readonly gstin: string | null;
  readonly status: PayoutProfileStatus;
  readonly failureReason: string | null;
  /** The current revision's linked account id. */
  readonly linkedAccountId: string | null;
  /** Every revision's linked account, oldest first. */
  readonly linkedAccounts: readonly PayoutLinkedAccountRecord[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * The payout profile's part of a creator's data rights (docs/privacy.md): what it holds for the
 * download, and its erasure (idempotent). Erasure is refused with PayoutMoneyInFlightError while
 * the ledger holds money for the creator or shows it on its way to their bank. The linked account
 * itself stays with the gateway, which keeps its KYC records under its own legal obligations.
 */
export abstract class PayoutProfilePersonalData {
  abstract exportOf(creatorId: string): Promise<PayoutProfilePersonalRecord | null>;
  abstract erase(creatorId: string): Promise<void>;
}

export { PayoutMoneyInFlightError } from './domain/payout-profile.errors.js';
