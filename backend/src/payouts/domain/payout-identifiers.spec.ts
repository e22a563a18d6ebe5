import {
  checkAccountNumber,
  checkIfscShape,
  checkLegalName,
  checkMobile,
  checkPan,
  checkUpiId,
  maskAccountNumber,
  maskGstin,
  maskPan,
  maskUpiId,
  panHolderType,
} from './payout-identifiers.js';

describe('PAN', () => {
  it('accepts AAAAA9999A with a holder type in the 4th place, upper-cased and without spaces', () => {
    expect(checkPan(' abcpe 1234f ')).toEqual({ ok: true, value: 'ABCPE1234F' });
    expect(panHolderType('ABCPE1234F')).toBe('P');
    for (const type of 'PCHFATBLJG') {
      expect(checkPan(`ABC${type}E1234F`).ok).toBe(true);
    }
  });

  it('refuses other shapes and holder types, saying why', () => {
    expect(checkPan('')).toEqual({ ok: false, message: 'PAN is required' });
    expect(checkPan('ABCPE1234')).toMatchObject({
      ok: false,
      message: expect.stringContaining('5 letters') as unknown,
    });
    expect(checkPan('1BCPE1234F').ok).toBe(false);
    expect(checkPan('ABCPE12345').ok).toBe(false);
    expect(checkPan('ABCXE1234F')).toMatchObject({
      ok: false,
      message: expect.stringContaining('4th letter') as unknown,
    });
    expect(checkPan('ABCDE1234F').ok).toBe(false);
  });

  it('is shown with only its four digits', () => {
    expect(maskPan('ABCPE1234F')).toBe('•••••1234•');
    expect(maskPan('ABCPE1234F')).not.toContain('ABCPE');
    // A GSTIN holds the PAN (characters 3–12): masked the same way, nothing more of it shown.
    expect(maskGstin('27ABCPE1234F1Z5')).toBe('27•••••1234•1Z5');
  });
});

describe('bank account number', () => {
  it('takes 9 to 18 digits, spaces ignored', () => {
    expect(checkAccountNumber('123456789')).toEqual({ ok: true, value: '123456789' });
    expect(checkAccountNumber('1234 5678 9012 3456 78')).toEqual({
      ok: true,
      value: '123456789012345678',
    });
  });

  it('refuses fewer or more digits, letters and all zeros', () => {
    expect(checkAccountNumber('12345678').ok).toBe(false);
    expect(checkAccountNumber('1234567890123456789').ok).toBe(false);
    expect(checkAccountNumber('12345678A').ok).toBe(false);
    expect(checkAccountNumber('000000000').ok).toBe(false);
    expect(checkAccountNumber('')).toEqual({ ok: false, message: 'Account number is required' });
  });

  it('is shown with its last four digits only', () => {
    expect(maskAccountNumber('50100123456789')).toBe('••••6789');
  });
});

describe('IFSC shape', () => {
  it('is 4 letters, a zero and 6 letters or digits', () => {
    expect(checkIfscShape(' hdfc0001234 ')).toEqual({ ok: true, value: 'HDFC0001234' });
    expect(checkIfscShape('HDFC1001234').ok).toBe(false);
    expect(checkIfscShape('HDF00001234').ok).toBe(false);
    expect(checkIfscShape('HDFC000123').ok).toBe(false);
  });
});

describe('UPI ID', () => {
  it('accepts name@provider, lower-cased', () => {
    expect(checkUpiId('Riya.Sharma-1@OkAxis')).toEqual({ ok: true, value: 'riya.sharma-1@okaxis' });
    expect(checkUpiId('9876543210@ybl').ok).toBe(true);
  });

  it('refuses what is not name@provider', () => {
    for (const bad of [
      'riya',
      'riya@',
      '@okaxis',
      'ri ya@okaxis',
      'riya@ok.axis',
      'r@okaxis',
      `${'a'.repeat(100)}@ybl`,
    ]) {
      expect(checkUpiId(bad).ok).toBe(false);
    }
  });

  it('is shown with the first two characters and the provider', () => {
    expect(maskUpiId('riya@okaxis')).toBe('ri••••@okaxis');
  });
});

describe('mobile number and legal name', () => {
  it('takes 10 digits from 6–9, with or without +91', () => {
    expect(checkMobile('+91 98765 43210')).toEqual({ ok: true, value: '9876543210' });
    expect(checkMobile('5876543210').ok).toBe(false);
  });

  it('trims the legal name and refuses control characters or no letters', () => {
    expect(checkLegalName('  Riya   Sharma ')).toEqual({ ok: true, value: 'Riya Sharma' });
    expect(checkLegalName('R').ok).toBe(false);
    expect(checkLegalName('Riya\u202eSharma').ok).toBe(false);
    expect(checkLegalName('1234').ok).toBe(false);
  });
});
