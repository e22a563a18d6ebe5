import { gstinCheckCharacter, isValidGstin } from './gstin.js';

describe('GSTIN', () => {
  it('accepts well-formed numbers with the right check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29ABCDE1234F1ZW')).toBe(true);
    expect(gstinCheckCharacter('07AAACP0165G2Z')).toBe('Q');
  });

  it.each([
    ['a wrong check character', '27AAPFU0939F1ZA'],
    ['lower case', '27aapfu0939f1zv'],
    ['too short', '27AAPFU0939F1Z'],
    ['state code 00', '00AAPFU0939F1ZV'],
    ['state code 99', '99AAPFU0939F1ZV'],
    ['a digit where the PAN has a letter', '271APFU0939F1ZV'],
    ['an empty string', ''],
  ])('refuses %s', (_what, value) => {
    expect(isValidGstin(value)).toBe(false);
  });
});
