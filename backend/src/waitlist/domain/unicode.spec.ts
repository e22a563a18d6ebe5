import { hasInvisibleOrControlCharacters } from './characters.js';
import { EmailAddress, NFKC_UNSAFE_IN_ADDRESS } from './email-address.js';
import { FullName } from './full-name.js';

const SPECIAL = /[\s@<>()",;:\\]/;
const WHITESPACE = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Every code point but the surrogates. */
function* codePoints(): Generator<string> {
  for (let point = 0; point < 0x110000; point++) {
    if (point < 0xd800 || point > 0xdfff) yield String.fromCodePoint(point);
  }
}

describe('invisible and control characters', () => {
  it('refuse what NFKC would turn into specials beyond the Basic Multilingual Plane too', () => {
    expect(() => EmailAddress.parse('asha\u{1f110}@example.com')).toThrow(
      'Please enter a valid email address',
    );
  });

  it('are refused beyond the Basic Multilingual Plane too (tags, musical format controls)', () => {
    expect(hasInvisibleOrControlCharacters('\u{e0041}')).toBe(true);
    expect(hasInvisibleOrControlCharacters('\u{1d173}')).toBe(true);
    expect(() => EmailAddress.parse('asha\u{e0041}@example.com')).toThrow(
      'Please enter a valid email address',
    );
    expect(() => FullName.parse('Asha \u{e0041}Rao')).toThrow(/visible characters/);
  });

  it('leave ordinary text of every script alone', () => {
    for (const text of ['Asha Rao', 'अनन्या शर्मा', 'ಅನನ್ಯಾ', 'আনন্যা', '😀 Asha', "O'Brien-Rao"]) {
      expect(hasInvisibleOrControlCharacters(text)).toBe(false);
    }
  });
});

describe('NFKC_UNSAFE_IN_ADDRESS', () => {
  it('lists exactly the characters NFKC turns into an @, whitespace, a special or an invisible character', () => {
    const unsafe = new RegExp(
      `[${NFKC_UNSAFE_IN_ADDRESS}\\u{1f101}-\\u{1f10a}\\u{1f110}-\\u{1f129}]`,
      'u',
    );
    const mismatches: string[] = [];
    for (const character of codePoints()) {
      if (WHITESPACE.test(character) || SPECIAL.test(character)) continue;
      if (hasInvisibleOrControlCharacters(character)) continue;
      const normalised = character.normalize('NFKC');
      const becomesUnsafe = SPECIAL.test(normalised) || hasInvisibleOrControlCharacters(normalised);
      if (becomesUnsafe !== unsafe.test(character)) {
        mismatches.push(character.codePointAt(0)?.toString(16) ?? '');
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('a masked e-mail address', () => {
  it.each([
    ['asha.rao@example.com', 'a•••o@example.com'],
    ['ab@example.in', 'a•@example.in'],
    ['a@example.in', 'a•@example.in'],
    ['😀x😀@example.in', '😀•••😀@example.in'],
  ])('shows %s as %s', (address, masked) => {
    expect(EmailAddress.parse(address).masked).toBe(masked);
  });
});
