/**
 * The brand's billing details, given (optionally) when it accepts a deal: its GSTIN and billing
 * address, which the creator's invoices carry as the recipient's (#27). Plain TypeScript.
 */
import {
  characterCount,
  hasInvisibleOrControlCharacters,
} from '../../waitlist/waitlist.contract.js';
import { InvalidDealError } from './deal.errors.js';
import { isValidGstin } from '../../tax/tax.contract.js';

export interface BrandBilling {
  /** Upper case, check character verified; null when the brand gave none. */
  readonly gstin: string | null;
  /** Trimmed, one or more lines; null when the brand gave none. */
  readonly address: string | null;
}

export const BILLING_LIMITS = { gstin: 15, address: 300 } as const;

export interface BrandBillingInput {
  readonly gstin?: string | null | undefined;
  readonly billingAddress?: string | null | undefined;
}

/**
 * The brand's billing details from what it typed: the GSTIN upper-cased and its check character
 * verified, the address trimmed and capped; undefined when it gave neither. Every problem is
 * reported at once, keyed by its field (`gstin`, `billingAddress`); throws InvalidDealError.
 */
export function parseBrandBilling(input: BrandBillingInput): BrandBilling | undefined {
  const problems: Record<string, string> = {};
  const gstinText = (input.gstin ?? '').trim().toUpperCase();
  let gstin: string | null = null;
  if (gstinText !== '') {
    if (hasInvisibleOrControlCharacters(gstinText)) {
      problems.gstin = 'gstin must not contain control or invisible characters';
    } else if (!isValidGstin(gstinText)) {
      problems.gstin = 'gstin must be a valid 15-character GSTIN (check character included)';
    } else gstin = gstinText;
  }
  const addressText = (input.billingAddress ?? '')
    .trim()
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n');
  let address: string | null = null;
  if (addressText !== '') {
    if (characterCount(addressText) > BILLING_LIMITS.address) {
      problems.billingAddress = `billingAddress must be at most ${String(BILLING_LIMITS.address)} characters`;
    } else if (addressText.split('\n').some((line) => hasInvisibleOrControlCharacters(line))) {
      problems.billingAddress = 'billingAddress must not contain control or invisible characters';
    } else address = addressText;
  }
  if (Object.keys(problems).length > 0) throw new InvalidDealError(problems);
  return gstin === null && address === null ? undefined : { gstin, address };
}
