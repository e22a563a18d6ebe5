import { OfflineIfscDirectory } from './offline-ifsc-directory.js';

describe('OfflineIfscDirectory (Razorpay published IFSC list, shipped with the backend)', () => {
  const directory = new OfflineIfscDirectory();

  it('knows real branches and names their bank, without any network', () => {
    expect(directory.source).toMatch(/^ifsc \d+\.\d+\.\d+$/);
    expect(directory.lookup('HDFC0000001')).toEqual({
      ifsc: 'HDFC0000001',
      bankCode: 'HDFC',
      bankName: 'HDFC Bank',
    });
    expect(directory.lookup('sbin0000001')?.bankName).toBe('State Bank of India');
  });

  it('names the bank a sub-member branch belongs to', () => {
    expect(directory.lookup('AKJB0000001')?.bankName).toBe(
      'Akola Janata Commercial Co-operative Bank',
    );
  });

  it('refuses codes of unknown banks or branches, and malformed ones', () => {
    expect(directory.lookup('HDFC0999998')).toBeNull();
    expect(directory.lookup('ZZZZ0000001')).toBeNull();
    expect(directory.lookup('HDFC1000001')).toBeNull();
    expect(directory.lookup('HDFC000001')).toBeNull();
  });

  it('works on data it is given (the shape the build writes from the `ifsc` package)', () => {
    const small = new OfflineIfscDirectory({
      source: 'ifsc test',
      banks: { TEST: 'Test Bank', SUBX: 'Sub Bank' },
      branches: { TEST: [1, 'ABC123'] },
      sublets: { TEST0000001: 'SUBX' },
      customSublets: {},
    });
    expect(small.lookup('TEST0000001')?.bankName).toBe('Sub Bank');
    expect(small.lookup('TEST0ABC123')?.bankName).toBe('Test Bank');
    expect(small.lookup('TEST0000002')).toBeNull();
  });
});
