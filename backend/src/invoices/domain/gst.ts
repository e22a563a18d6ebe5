/**
 * GST on a creator's invoice (CGST Act 2017 and IGST Act 2017, as applied by Paylock; not tax
 * advice). The RATE is a setting, not law written into code: {@link DEFAULT_GST_RATES} holds the
 * rate notified for advertising services (SAC 9983) when this was written, and callers pass the
 * rates they were configured with.
 *
 * - Intra-state supply (the supplier's and the place of supply's state are the same): CGST + SGST,
 *   half the rate each.
 * - Inter-state supply: IGST at the full rate.
 * - Tax is computed per line and rounded to the paisa, half up (Rule 46 of the CGST Rules asks for
 *   the tax per line; amounts are integer paise, so no float ever rounds).
 */
import { isValidGstin } from '../../tax/tax.contract.js';

/** Rates in basis points (1 % = 100). */
export interface GstRates {
  /** The whole rate: IGST, or CGST + SGST together. */
  readonly totalBasisPoints: number;
}

/** 18 %: the rate for advertising services at the time of writing. A setting, not a law. */
export const DEFAULT_GST_RATES: GstRates = { totalBasisPoints: 1800 };

/** `amount × basisPoints / 10000`, rounded half up to the paisa, in integers only. */
export function percentOfPaise(amountPaise: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) {
    throw new TypeError('amounts are non-negative integer paise');
  }
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new TypeError('rates are non-negative integer basis points');
  }
  return Number((BigInt(amountPaise) * BigInt(basisPoints) + 5000n) / 10000n);
}

/** The two-digit state code of a GSTIN ("29" for Karnataka). */
export function stateCodeOf(gstin: string): string {
  return gstin.slice(0, 2);
}

/** GST state and union territory codes, as the GST Network lists them. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

export function isGstStateCode(code: string): boolean {
  return code in GST_STATES;
}

export interface PlaceOfSupply {
  readonly stateCode: string;
  readonly stateName: string;
}

/**
 * Where a service to a business is supplied (IGST Act s. 12(2)): the recipient's location — its
 * GSTIN's state when it has one, else the state it gave; failing both, the supplier's state.
 */
export function placeOfSupply(input: {
  readonly supplierStateCode: string | null;
  readonly recipientGstin: string | null;
  readonly recipientStateCode: string | null;
}): PlaceOfSupply | null {
  const code =
    (input.recipientGstin !== null ? stateCodeOf(input.recipientGstin) : null) ??
    input.recipientStateCode ??
    input.supplierStateCode;
  if (code === null) return null;
  return { stateCode: code, stateName: GST_STATES[code] ?? 'Unknown state' };
}

export interface GstSplit {
  readonly supply: 'intra_state' | 'inter_state';
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  /** The rates applied, in basis points (for the invoice's columns). */
  readonly cgstBasisPoints: number;
  readonly sgstBasisPoints: number;
  readonly igstBasisPoints: number;
  readonly taxPaise: number;
}

/**
 * The tax on one line: CGST + SGST when the supplier's state (its GSTIN's first two digits) is the
 * place of supply, IGST otherwise. Each head rounded half up to the paisa on its own.
 */
export function gstSplit(
  taxablePaise: number,
  supplierGstin: string,
  placeOfSupplyCode: string,
  rates: GstRates = DEFAULT_GST_RATES,
): GstSplit {
  if (!isValidGstin(supplierGstin)) throw new TypeError('the supplier GSTIN is not valid');
  if (rates.totalBasisPoints % 2 !== 0) throw new TypeError('the GST rate must split in halves');
  if (stateCodeOf(supplierGstin) === placeOfSupplyCode) {
    const half = rates.totalBasisPoints / 2;
    const cgstPaise = percentOfPaise(taxablePaise, half);
    const sgstPaise = percentOfPaise(taxablePaise, half);
    return {
      supply: 'intra_state',
      cgstPaise,
      sgstPaise,
      igstPaise: 0,
      cgstBasisPoints: half,
      sgstBasisPoints: half,
      igstBasisPoints: 0,
      taxPaise: cgstPaise + sgstPaise,
    };
  }
  const igstPaise = percentOfPaise(taxablePaise, rates.totalBasisPoints);
  return {
    supply: 'inter_state',
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise,
    cgstBasisPoints: 0,
    sgstBasisPoints: 0,
    igstBasisPoints: rates.totalBasisPoints,
    taxPaise: igstPaise,
  };
}

/** Service accounting codes a creator may pick for an invoice; 998361 unless they choose. */
export const SAC_CODES = [
  { code: '998361', description: 'Advertising services' },
  { code: '998365', description: 'Sale of internet advertising space or time' },
  { code: '998397', description: 'Sponsorship services and brand promotion services' },
] as const;
export type SacCode = (typeof SAC_CODES)[number]['code'];
export const DEFAULT_SAC: SacCode = '998361';

export function isSacCode(value: string): value is SacCode {
  return SAC_CODES.some(({ code }) => code === value);
}
