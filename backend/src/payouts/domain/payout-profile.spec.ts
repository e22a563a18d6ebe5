import { InvalidPayoutProfileError } from './payout-profile.errors.js';
import {
  type IfscBranch,
  parsePayoutProfile,
  type PayoutProfileInput,
  maskedDestinationOf,
  settlementChanged,
  stepsOf,
  type PayoutProfile,
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
      payoutMethod: 'bank_account',
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
      Object.keys(
        fieldErrors({ pan: 'ABCDE1234F', payoutMethod: 'upi', upiId: 'riya', legalName: '' }),
      ).sort(),
    ).toEqual(['legalName', 'pan', 'upiId']);
  });

  it('pays to a UPI ID when chosen, lower-cased, and ignores the bank fields', () => {
    const details = parsePayoutProfile(
      { ...input, payoutMethod: 'upi', upiId: ' Riya.S@OkAxis ', ifsc: 'nonsense' },
      lookup,
    );
    expect(details).toMatchObject({
      payoutMethod: 'upi',
      upiId: 'riya.s@okaxis',
      accountNumber: null,
      ifsc: null,
      bankName: null,
    });
    expect(fieldErrors({ payoutMethod: 'upi', upiId: '' })).toEqual({
      upiId: 'UPI ID is required',
    });
  });

  it('keeps the bank account when both are sent without a choice, and names the choice when neither is', () => {
    const both = parsePayoutProfile({ ...input, upiId: 'riya@okaxis' }, lookup);
    expect(both).toMatchObject({ payoutMethod: 'bank_account', upiId: null });
    const upiOnly = parsePayoutProfile(
      {
        ...input,
        accountNumber: '',
        accountNumberConfirmation: '',
        ifsc: '',
        upiId: 'riya@okaxis',
      },
      lookup,
    );
    expect(upiOnly.payoutMethod).toBe('upi');
    expect(
      fieldErrors({
        accountNumber: null,
        accountNumberConfirmation: null,
        ifsc: null,
        upiId: null,
      }),
    ).toEqual({ payoutMethod: expect.stringContaining('bank account or a UPI ID') as unknown });
    expect(fieldErrors({ payoutMethod: 'bank_account', accountNumber: '' })).toMatchObject({
      accountNumber: 'Account number is required',
    });
  });

  it('masks the destination: IFSC and last four digits, or the UPI handle’s first two characters', () => {
    expect(maskedDestinationOf(parsePayoutProfile(input, lookup))).toBe('HDFC0000001 ••••6789');
    expect(
      maskedDestinationOf(
        parsePayoutProfile({ ...input, payoutMethod: 'upi', upiId: 'nandini@okbank' }, lookup),
      ),
    ).toBe('na••••@okbank');
  });

  it('follows the linked account on the chosen step only', () => {
    const upi = parsePayoutProfile({ ...input, payoutMethod: 'upi', upiId: 'riya@okaxis' }, lookup);
    const profile: PayoutProfile = {
      creatorId: 'c1',
      revision: 1,
      contactEmail: 'riya@example.com',
      details: upi,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    };
    const linked = (status: 'pending' | 'verified') => ({
      accountId: 'acc_1',
      gatewayStatus: null,
      status,
      failureReason: null,
      updatedAt: new Date(0),
    });
    expect(stepsOf(profile, linked('pending'))).toEqual([
      { name: 'identity', status: 'pending' },
      { name: 'bankAccount', status: 'not_started' },
      { name: 'linkedAccount', status: 'pending' },
      { name: 'upi', status: 'pending' },
    ]);
    expect(stepsOf(profile, linked('verified')).find((step) => step.name === 'upi')?.status).toBe(
      'verified',
    );
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
    expect(settlementChanged(before, { ...before, gstin: '27ABCPE1234F1ZB' })).toBe(false);
    expect(
      settlementChanged(
        before,
        parsePayoutProfile(
          {
            ...input,
            accountNumber: '50100123456780',
            accountNumberConfirmation: '50100123456780',
          },
          lookup,
        ),
      ),
    ).toBe(true);
    const upi = parsePayoutProfile({ ...input, payoutMethod: 'upi', upiId: 'riya@okaxis' }, lookup);
    expect(settlementChanged(before, upi)).toBe(true);
    const otherUpi = parsePayoutProfile(
      { ...input, payoutMethod: 'upi', upiId: 'riya@okhdfc' },
      lookup,
    );
    expect(settlementChanged(upi, otherUpi)).toBe(true);
  });
});
