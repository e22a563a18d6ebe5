import { normaliseSearch } from './search-terms.js';

describe('normaliseSearch', () => {
  it('trims and collapses whitespace; lower-cases the e-mail form', () => {
    expect(normaliseSearch('  Asha   Verma ')).toEqual({
      text: 'Asha Verma',
      email: 'asha verma',
      phoneDigits: null,
      handle: null,
    });
  });

  it('reads phone numbers as the form stores them: ten digits, no +91 or 0', () => {
    expect(normaliseSearch('+91 98765 43210')?.phoneDigits).toBe('9876543210');
    expect(normaliseSearch('919876543210')?.phoneDigits).toBe('9876543210');
    expect(normaliseSearch('09876543210')?.phoneDigits).toBe('9876543210');
    expect(normaliseSearch('98765-432')?.phoneDigits).toBe('98765432');
    expect(normaliseSearch('12')?.phoneDigits).toBeNull();
    expect(normaliseSearch('asha 98')?.phoneDigits).toBeNull();
  });

  it('strips the @ of a handle, and offers no handle for text that cannot be one', () => {
    expect(normaliseSearch('@Asha.Creates')?.handle).toBe('Asha.Creates');
    expect(normaliseSearch('asha verma')?.handle).toBeNull();
  });

  it('keeps pattern characters as text (the adapter escapes them)', () => {
    expect(normaliseSearch('.*')).toMatchObject({ text: '.*', email: '.*', handle: null });
  });

  it('is nothing for blank input', () => {
    expect(normaliseSearch('   ')).toBeNull();
  });
});
