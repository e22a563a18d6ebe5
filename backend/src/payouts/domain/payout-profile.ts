import { isValidGstin } from '../../tax/tax.contract.js';
import type { LinkedAccountStatus } from '../../payment-gateway/payment-gateway.contract.js';
import type { PayoutProfileStatus } from '../payouts.contract.js';
import {
  checkAccountNumber,
  checkIfscShape,
  checkLegalName,
  checkMobile,
  checkPan,
  checkUpiId,
  type Checked,
  maskAccountNumber,
  maskUpiId,
} from './payout-identifiers.js';
import { InvalidPayoutProfileError, type PayoutProfileField } from './payout-profile.errors.js';

/** Where Route settles the creator's money: a bank account or a UPI ID (VPA). */
export const PAYOUT_METHODS = ['bank_account', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * What the creator types (the account number twice). `payoutMethod` is the explicit choice; an
 * older client that sends none gets the bank account when it gave one (bank wins), else the UPI ID.
 * Only the chosen method's fields are read.
 */
export interface PayoutProfileInput {
  readonly legalName: string;
  readonly pan: string;
  readonly phone: string;
  readonly payoutMethod?: PayoutMethod | null;
  readonly accountNumber?: string | null;
  readonly accountNumberConfirmation?: string | null;
  readonly ifsc?: string | null;
  readonly upiId?: string | null;
  readonly gstin?: string | null;
}

/** The settlement destination, tagged by `payoutMethod`: the other method's fields are null. */
export type PayoutDestinationDetails =
  | {
      readonly payoutMethod: 'bank_account';
      readonly accountNumber: string;
      readonly ifsc: string;
      readonly bankName: string | null;
      readonly upiId: null;
    }
  | {
      readonly payoutMethod: 'upi';
      readonly accountNumber: null;
      readonly ifsc: null;
      readonly bankName: null;
      readonly upiId: string;
    };

/** The checked, normalised details. PAN and account number are plain here: only in memory. */
export type PayoutDetails = {
  readonly legalName: string;
  readonly pan: string;
  readonly phone: string;
  readonly gstin: string | null;
} & PayoutDestinationDetails;

/** "HDFC0000001 ••••6789" for a bank account, "ra••••@okaxis" for a UPI ID. */
export function maskedDestinationOf(details: PayoutDestinationDetails): string {
  return details.payoutMethod === 'upi'
    ? maskUpiId(details.upiId)
    : `${details.ifsc} ${maskAccountNumber(details.accountNumber)}`;
}

function chosenMethod(input: PayoutProfileInput): PayoutMethod | null {
  if (input.payoutMethod) return input.payoutMethod;
  if ((input.accountNumber?.trim() ?? '') !== '') return 'bank_account';
  if ((input.upiId?.trim() ?? '') !== '') return 'upi';
  return null;
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
  const method = chosenMethod(input);
  if (!method) errors.payoutMethod = 'Choose where to be paid: a bank account or a UPI ID';
  let destination: PayoutDestinationDetails | undefined;
  if (method === 'bank_account') {
    const accountNumber = take('accountNumber', checkAccountNumber(input.accountNumber ?? ''));
    const confirmation = (input.accountNumberConfirmation ?? '').replace(/\s+/g, '');
    if (accountNumber !== undefined && confirmation !== accountNumber) {
      errors.accountNumberConfirmation = 'Account numbers do not match';
    }
    let branch: IfscBranch | null = null;
    const ifsc = take('ifsc', checkIfscShape(input.ifsc ?? ''));
    if (ifsc !== undefined) {
      branch = lookupIfsc(ifsc);
      if (!branch)
        errors.ifsc =
          'No bank branch has this IFSC. Please check it on your cheque book or passbook';
    }
    if (accountNumber !== undefined && branch) {
      destination = {
        payoutMethod: 'bank_account',
        accountNumber,
        ifsc: branch.ifsc,
        bankName: branch.bankName,
        upiId: null,
      };
    }
  } else if (method === 'upi') {
    const upiId = take('upiId', checkUpiId(input.upiId ?? ''));
    if (upiId !== undefined) {
      destination = { payoutMethod: 'upi', upiId, accountNumber: null, ifsc: null, bankName: null };
    }
  }
  const gstinText = input.gstin?.replace(/\s+/g, '').toUpperCase() ?? '';
  let gstin: string | null = null;
  if (gstinText !== '') {
    if (!isValidGstin(gstinText))
      errors.gstin = 'GSTIN is not valid (15 characters, check character)';
    else if (pan !== undefined && gstinText.slice(2, 12) !== pan) {
      errors.gstin = 'GSTIN must contain your PAN (characters 3 to 12)';
    } else gstin = gstinText;
  }
  if (Object.keys(errors).length > 0 || !legalName || !pan || !phone || !destination) {
    throw new InvalidPayoutProfileError(errors);
  }
  return { legalName, pan, phone, gstin, ...destination };
}

/**
 * Whether the gateway must see the new details (a new linked account), or only the GSTIN changed.
 * The settlement destination (its method, account number, IFSC or UPI ID) is the linked account's.
 */
export function settlementChanged(before: PayoutDetails, after: PayoutDetails): boolean {
  return (
    before.legalName !== after.legalName ||
    before.pan !== after.pan ||
    before.phone !== after.phone ||
    before.payoutMethod !== after.payoutMethod ||
    before.accountNumber !== after.accountNumber ||
    before.ifsc !== after.ifsc ||
    before.upiId !== after.upiId
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

/** A revision's linked account before the gateway is asked for it: none yet, pending. */
export function pendingLinkedAccount(at: Date): LinkedAccountState {
  return {
    accountId: null,
    gatewayStatus: null,
    status: 'pending',
    failureReason: null,
    updatedAt: at,
  };
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
 * The form's steps: identity (legal name, PAN) and the chosen destination (bank account or UPI ID)
 * are verified by the gateway when it activates the linked account, so they follow its status;
 * the method not chosen is "not started".
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
  const upi = profile.details.payoutMethod === 'upi';
  return [
    { name: 'identity', status: account },
    { name: 'bankAccount', status: upi ? 'not_started' : account },
    { name: 'linkedAccount', status: account },
    { name: 'upi', status: upi ? account : 'not_started' },
  ];
}
