import { InvalidPayoutProfileError } from './payout-profile.errors.js';
import {
  type IfscBranch,
  parsePayoutProfile,
  type PayoutProfileInput,
  settlementChanged,
} from './payout-profile.js';

const KNOWN: Record<string, IfscBranch> = {
  HDFC0000001: { ifsc: 'HDFC0000001', bankCode: 'HDFC', bankName: 'HDFC Bank' },
};
const lookup = (ifsc: string): IfscBranch | null => KNOWN[ifsc] ?? null;

const input: PayoutProfileInput = {
  legalName: 'Riya Sharma',
  pan: 'abcpe1234f',
  phone: '9876543210',
  accountNumber: '50100123456789',
  accountNumberConfirmation: '50100123456789',
  ifsc: 'hdfc0000001',
  upiId: '',
  gstin: null,
};

function fieldErrors(change: Partial<PayoutProfileInput>): Record<string, string> {
  try {
    parsePayoutProfile({ ...input, ...change }, lookup);
  } catch (error) {
    if (error instanceof InvalidPayoutProfileError) return { ...error.fields };
    throw error;
  }
  return {};
}

describe('parsePayoutProfile', () => {
  it('normalises a valid profile and names the bank from the IFSC', () => {
    expect(parsePayoutProfile(input, lookup)).toEqual({
      legalName: 'Riya Sharma',
      pan: 'ABCPE1234F',
      phone: '9876543210',
      accountNumber: '50100123456789',
      ifsc: 'HDFC0000001',
      bankName: 'HDFC Bank',
      upiId: null,
      gstin: null,
    });
  });

  it('asks for the account number twice', () => {
    expect(fieldErrors({ accountNumberConfirmation: '50100123456780' })).toEqual({
      accountNumberConfirmation: 'Account numbers do not match',
    });
  });

  it('refuses an IFSC no bank branch has', () => {
    expect(fieldErrors({ ifsc: 'HDFC0999998' })).toEqual({
      ifsc: expect.stringContaining('No bank branch has this IFSC') as unknown,
    });
  });

  it('reports every bad field at once', () => {
    expect(
      Object.keys(fieldErrors({ pan: 'ABCDE1234F', upiId: 'riya', legalName: '' })).sort(),
    ).toEqual(['legalName', 'pan', 'upiId']);
  });

  it('takes an optional GSTIN with a right check character that contains the PAN', () => {
    // 27 (Maharashtra) + PAN + entity 1 + Z + check character.
    const good = parsePayoutProfile(
      { ...input, pan: 'AAAPL1234C', gstin: '27AAAPL1234C1ZE' },
      lookup,
    );
    expect(good.gstin).toBe('27AAAPL1234C1ZE');
    expect(fieldErrors({ pan: 'AAAPL1234C', gstin: '27AAAPL1234C1ZF' })).toEqual({
      gstin: expect.stringContaining('not valid') as unknown,
    });
    expect(fieldErrors({ gstin: '27AAAPL1234C1ZE' })).toEqual({
      gstin: expect.stringContaining('PAN') as unknown,
    });
  });

  it('tells settlement changes from preference changes', () => {
    const before = parsePayoutProfile(input, lookup);
    expect(settlementChanged(before, { ...before, upiId: 'riya@okaxis', gstin: null })).toBe(false);
    expect(settlementChanged(before, { ...before, accountNumber: '50100123456780' })).toBe(true);
  });
});
