import * as z from 'zod';

/**
 * The payout form's rules and messages, as the server checks them (backend
 * payouts/domain/payout-identifiers.ts). The server also checks the IFSC against Razorpay's list
 * and the GSTIN's check character, and answers those under the field.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;
const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const PAN_HOLDER = /^[A-Z]{3}[PCHFATBLJG]/;
const IFSC_SHAPE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const UPI_SHAPE = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
const GSTIN_SHAPE = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;

const compact = (text: string) => text.replace(/\s+/g, '');
const upper = (text: string) => compact(text).toUpperCase();
const accountDigits = (text: string) => compact(text);
const mobileDigits = (text: string) => text.replace(/[\s-]+/g, '').replace(/^(\+91|0)/, '');

/** The first broken rule's message, or undefined. */
type Rule = (text: string) => string | undefined;

const legalNameRule: Rule = (text) => {
  const value = text.trim();
  if (value === '') return 'Legal name is required';
  if (Array.from(value).length < 2) return 'Legal name must be at least 2 characters';
  if (Array.from(value).length > 120) return 'Legal name must be at most 120 characters';
  if (INVISIBLE_OR_CONTROL.test(value)) return 'Legal name can only contain visible characters';
  return undefined;
};

const panRule: Rule = (text) => {
  const value = upper(text);
  if (value === '') return 'PAN is required';
  if (!PAN_SHAPE.test(value))
    return 'PAN must be 5 letters, 4 digits and a letter (like ABCPE1234F)';
  if (!PAN_HOLDER.test(value))
    return "PAN's 4th letter must be one of P, C, H, F, A, T, B, L, J or G";
  return undefined;
};

const phoneRule: Rule = (text) =>
  /^[6-9][0-9]{9}$/.test(mobileDigits(text))
    ? undefined
    : 'Mobile number must be 10 digits starting with 6–9';

const accountRule: Rule = (text) => {
  const value = accountDigits(text);
  if (value === '') return 'Account number is required';
  if (!/^[0-9]+$/.test(value)) return 'Account number can only contain digits';
  if (value.length < 9 || value.length > 18) return 'Account number must be 9 to 18 digits';
  return undefined;
};

const ifscRule: Rule = (text) => {
  const value = upper(text);
  if (value === '') return 'IFSC is required';
  return IFSC_SHAPE.test(value) ? undefined : 'IFSC must be 11 characters like HDFC0001234';
};

const upiRule: Rule = (text) => {
  const value = text.trim().toLowerCase();
  if (value === '') return 'UPI ID is required';
  if (value.length > 100) return 'UPI ID must be at most 100 characters';
  return UPI_SHAPE.test(value) ? undefined : 'UPI ID must look like name@bank';
};

/** Where Razorpay Route settles the creator's payouts: one of the two, chosen explicitly. */
export const PAYOUT_METHODS = ['bank_account', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
const METHOD_REQUIRED = 'Choose where to be paid: a bank account or a UPI ID';

const gstinRule: Rule = (text) => {
  const value = upper(text);
  return value === '' || GSTIN_SHAPE.test(value)
    ? undefined
    : 'GSTIN must be 15 characters, like 27ABCDE1234F1Z5';
};

export const payoutProfileSchema = z
  .object({
    legalName: z.string(),
    pan: z.string(),
    phone: z.string(),
    /** '' until the creator picks one. */
    payoutMethod: z.enum(['', ...PAYOUT_METHODS]),
    accountNumber: z.string(),
    accountNumberConfirmation: z.string(),
    ifsc: z.string(),
    upiId: z.string(),
    gstin: z.string(),
    /** Ticked to remove a saved GSTIN; otherwise an empty field keeps the saved one. */
    removeGstin: z.boolean(),
  })
  .superRefine((values, context) => {
    const bank = values.payoutMethod === 'bank_account';
    type TextFieldName = Exclude<keyof typeof values, 'payoutMethod' | 'removeGstin'>;
    const rules: [TextFieldName, Rule][] = [
      ['legalName', legalNameRule],
      ['pan', panRule],
      ['phone', phoneRule],
      ['gstin', gstinRule],
    ];
    if (bank) rules.push(['accountNumber', accountRule], ['ifsc', ifscRule]);
    if (values.payoutMethod === 'upi') rules.push(['upiId', upiRule]);
    for (const [field, rule] of rules) {
      const message = rule(values[field]);
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    if (values.payoutMethod === '') {
      context.addIssue({ code: 'custom', path: ['payoutMethod'], message: METHOD_REQUIRED });
    }
    if (
      bank &&
      accountDigits(values.accountNumberConfirmation) !== accountDigits(values.accountNumber)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['accountNumberConfirmation'],
        message: 'Account numbers do not match',
      });
    }
  });

export type PayoutProfileValues = z.input<typeof payoutProfileSchema>;

export const PAYOUT_FIELDS = [
  'legalName',
  'pan',
  'phone',
  'payoutMethod',
  'accountNumber',
  'accountNumberConfirmation',
  'ifsc',
  'upiId',
  'gstin',
] as const satisfies readonly (keyof PayoutProfileValues)[];

export type PayoutField = (typeof PAYOUT_FIELDS)[number];

/**
 * The request body: only the chosen method's fields (the other's are null), optional fields
 * empty → null; the server normalises the rest.
 */
export function payoutRequest(values: PayoutProfileValues) {
  const bank = values.payoutMethod === 'bank_account';
  const upi = values.payoutMethod === 'upi';
  return {
    legalName: values.legalName.trim(),
    pan: upper(values.pan),
    phone: mobileDigits(values.phone),
    ...(values.payoutMethod === '' ? {} : { payoutMethod: values.payoutMethod }),
    accountNumber: bank ? accountDigits(values.accountNumber) : null,
    accountNumberConfirmation: bank ? accountDigits(values.accountNumberConfirmation) : null,
    ifsc: bank ? upper(values.ifsc) : null,
    upiId: upi ? values.upiId.trim().toLowerCase() : null,
    ...gstinOf(values),
  };
}

/** A typed GSTIN replaces the saved one; empty keeps it (left out), unless removal is ticked. */
function gstinOf(values: PayoutProfileValues): { gstin?: string | null } {
  const typed = upper(values.gstin);
  if (typed !== '') return { gstin: typed };
  return values.removeGstin ? { gstin: null } : {};
}
