import type { IfscBranch } from '../../domain/payout-profile.js';

/** Razorpay's published IFSC list, held offline: no network at run time. */
export abstract class IfscDirectory {
  abstract lookup(ifsc: string): IfscBranch | null;
}
