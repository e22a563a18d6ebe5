import { isValidGstin } from '../../deals/deals.contract.js';
import type { LinkedAccountStatus } from '../../payments/payments.contract.js';
import type { PayoutProfileStatus } from '../payouts.contract.js';
import {
  checkAccountNumber,
  checkIfscShape,
  checkLegalName,
  checkMobile,
  checkPan,
  checkUpiId,
  type Checked,
} from './payout-identifiers.js';
import { InvalidPayoutProfileError, type PayoutProfileField } from './payout-profile.errors.js';

/** What the creator types (the account number twice). */
export interface PayoutProfileInput {
  readonly legalName: string;
  readonly pan: string;
  readonly phone: string;
  readonly accountNumber: string;
  readonly accountNumberConfirmation: string;
  readonly ifsc: string;
  readonly upiId?: string | null;
  readonly gstin?: string | null;
}

/** The checked, normalised details. PAN and account number are plain here: only in memory. */
export interface PayoutDetails {
  readonly legalName: string;
  readonly pan: string;
  readonly phone: string;
  readonly accountNumber: string;
  readonly ifsc: string;
  readonly bankName: string | null;
  readonly upiId: string | null;
  readonly gstin: string | null;
}

/** What the offline IFSC data knows about a code; null when no bank branch has it. */
export interface IfscBranch {
  readonly ifsc: string;
  readonly bankCode: string;
  readonly bankName: string | null;
}

/**
 * Checks every field at once (so the form shows every message together). `lookupIfsc` is the
 * offline directory of Razorpay's published IFSC list.
 */
export function parsePayoutProfile(
  input: PayoutProfileInput,
  lookupIfsc: (ifsc: string) => IfscBranch | null,
): PayoutDetails {
  const errors: Partial<Record<PayoutProfileField, string>> = {};
  const take = <T>(field: PayoutProfileField, checked: Checked<T>): T | undefined => {
    if (checked.ok) return checked.value;
    errors[field] = checked.message;
    return undefined;
  };
  const legalName = take('legalName', checkLegalName(input.legalName));
  const pan = take('pan', checkPan(input.pan));
  const phone = take('phone', checkMobile(input.phone));
  const accountNumber = take('accountNumber', checkAccountNumber(input.accountNumber));
  const confirmation = input.accountNumberConfirmation.replace(/\s+/g, '');
  if (accountNumber !== undefined && confirmation !== accountNumber) {
    errors.accountNumberConfirmation = 'Account numbers do not match';
  }
  let branch: IfscBranch | null = null;
  const ifsc = take('ifsc', checkIfscShape(input.ifsc));
  if (ifsc !== undefined) {
    branch = lookupIfsc(ifsc);
    if (!branch)
      errors.ifsc = 'No bank branch has this IFSC. Please check it on your cheque book or passbook';
  }
  const upiText = input.upiId?.trim() ?? '';
  const upiId = upiText === '' ? null : (take('upiId', checkUpiId(upiText)) ?? null);
  const gstinText = input.gstin?.replace(/\s+/g, '').toUpperCase() ?? '';
  let gstin: string | null = null;
  if (gstinText !== '') {
    if (!isValidGstin(gstinText))
      errors.gstin = 'GSTIN is not valid (15 characters, check character)';
    else if (pan !== undefined && gstinText.slice(2, 12) !== pan) {
      errors.gstin = 'GSTIN must contain your PAN (characters 3 to 12)';
    } else gstin = gstinText;
  }
  if (Object.keys(errors).length > 0 || !legalName || !pan || !phone || !accountNumber || !branch) {
    throw new InvalidPayoutProfileError(errors);
  }
  return {
    legalName,
    pan,
    phone,
    accountNumber,
    ifsc: branch.ifsc,
    bankName: branch.bankName,
    upiId,
    gstin,
  };
}

/** Whether the gateway must see the new details (a new linked account), or only preferences changed. */
export function settlementChanged(before: PayoutDetails, after: PayoutDetails): boolean {
  return (
    before.legalName !== after.legalName ||
    before.pan !== after.pan ||
    before.phone !== after.phone ||
    before.accountNumber !== after.accountNumber ||
    before.ifsc !== after.ifsc
  );
}

/** The linked account of one revision of the profile, as the gateway last reported it. */
export interface LinkedAccountState {
  /** Null until the gateway created it (the creation is retried by the worker). */
  readonly accountId: string | null;
  readonly gatewayStatus: LinkedAccountStatus | null;
  readonly status: PayoutProfileStatus;
  /** Why it failed, as shown to the creator. */
  readonly failureReason: string | null;
  readonly updatedAt: Date;
}

/** A creator's payout profile: one current revision, its linked account's state beside it. */
export interface PayoutProfile {
  readonly creatorId: string;
  /** 1 for the first save; a save that changes the settlement details makes the next one. */
  readonly revision: number;
  readonly contactEmail: string;
  readonly details: PayoutDetails;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Gateway status → the profile's status: activated is verified, clarification or suspension failed. */
export function statusOfLinkedAccount(status: LinkedAccountStatus): PayoutProfileStatus {
  switch (status) {
    case 'activated':
      return 'verified';
    case 'needs_clarification':
    case 'suspended':
      return 'failed';
    default:
      return 'pending';
  }
}

export function failureReasonOf(status: LinkedAccountStatus): string | null {
  switch (status) {
    case 'needs_clarification':
      return 'Razorpay needs more information about these details. Please check them and save again, or contact support.';
    case 'suspended':
      return 'Razorpay suspended this payout account. Please contact support.';
    default:
      return null;
  }
}

export type PayoutStepName = 'identity' | 'bankAccount' | 'linkedAccount' | 'upi';

export interface PayoutStep {
  readonly name: PayoutStepName;
  readonly status: PayoutProfileStatus;
}

/**
 * The form's steps: identity (legal name, PAN) and bank account are verified by the gateway when
 * it activates the linked account; the UPI ID is a stored preference nobody verifies, so it is
 * "pending" once given (Route settles to the bank account).
 */
export function stepsOf(
  profile: PayoutProfile | null,
  linked: LinkedAccountState | null,
): PayoutStep[] {
  if (!profile) {
    return [
      { name: 'identity', status: 'not_started' },
      { name: 'bankAccount', status: 'not_started' },
      { name: 'linkedAccount', status: 'not_started' },
      { name: 'upi', status: 'not_started' },
    ];
  }
  const account = linked?.status ?? 'pending';
  return [
    { name: 'identity', status: account },
    { name: 'bankAccount', status: account },
    { name: 'linkedAccount', status: account },
    { name: 'upi', status: profile.details.upiId ? 'pending' : 'not_started' },
  ];
}
