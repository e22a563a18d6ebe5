import { BILLING_LIMITS, parseBrandBilling } from './brand-billing.js';
import { InvalidDealError } from './deal.errors.js';

function problemsOf(run: () => unknown): Readonly<Record<string, string>> {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidDealError) return error.fieldErrors;
    throw error;
  }
  throw new Error('expected InvalidDealError');
}

describe("the brand's billing details", () => {
  it('are absent when neither is given (or both are blank)', () => {
    expect(parseBrandBilling({})).toBeUndefined();
    expect(parseBrandBilling({ gstin: null, billingAddress: null })).toBeUndefined();
    expect(parseBrandBilling({ gstin: '  ', billingAddress: '\n ' })).toBeUndefined();
  });

  it('upper-case and verify the GSTIN, trim the address and keep its lines', () => {
    expect(
      parseBrandBilling({
        gstin: ' 29aaacr5055k1z3 ',
        billingAddress: ' 12 MG Road \r\nBengaluru ',
      }),
    ).toEqual({ gstin: '29AAACR5055K1Z3', address: '12 MG Road\nBengaluru' });
    expect(parseBrandBilling({ billingAddress: 'Pune' })).toEqual({ gstin: null, address: 'Pune' });
    expect(parseBrandBilling({ gstin: '29AAACR5055K1Z3' })).toEqual({
      gstin: '29AAACR5055K1Z3',
      address: null,
    });
  });

  it('refuse a wrong check character, a wrong shape or invisible characters, naming the field', () => {
    for (const gstin of [
      '29AAACR5055K1Z4',
      '29AAACR5055K1Z',
      '99AAACR5055K1Z3',
      '29AAACR5055\u200bK1Z3',
    ]) {
      expect(Object.keys(problemsOf(() => parseBrandBilling({ gstin })))).toEqual(['gstin']);
    }
  });

  it('cap the address and refuse control or invisible characters in it', () => {
    const longest = 'x'.repeat(BILLING_LIMITS.address);
    expect(parseBrandBilling({ billingAddress: longest })?.address).toBe(longest);
    for (const billingAddress of [`${longest}x`, 'Pune\u0007', 'Pu\u202ene', 'Pune\tMH']) {
      expect(Object.keys(problemsOf(() => parseBrandBilling({ billingAddress })))).toEqual([
        'billingAddress',
      ]);
    }
    expect(
      Object.keys(problemsOf(() => parseBrandBilling({ gstin: 'bad', billingAddress: '\u0000' }))),
    ).toEqual(['gstin', 'billingAddress']);
  });
});
