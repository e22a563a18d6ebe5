import {
  HANDLE_REDIRECT_DAYS,
  mayTake,
  parseHandle,
  redirectUntilAfterChange,
  stillRedirects,
} from './handle.js';
import { InvalidMediaKitError } from './media-kit.errors.js';

function problemOf(raw: unknown): string | undefined {
  try {
    parseHandle(raw);
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidMediaKitError)) throw error;
    return error.fieldErrors.handle;
  }
}

describe('a creator handle', () => {
  it('is folded to lower case, loses a leading @ and keeps dots and underscores', () => {
    expect(parseHandle('@Asha.Rao_9').value).toBe('asha.rao_9');
  });

  it('folds full-width and styled letters by NFKC into the plain ones, the same skeleton', () => {
    expect(parseHandle('ａｓｈａ').value).toBe('asha');
    expect(parseHandle('𝐚𝐬𝐡𝐚').skeleton).toBe(parseHandle('asha').skeleton);
  });

  it('one skeleton for look-alikes: case, separators, 0/o, 1/l, rn/m, vv/w', () => {
    const skeleton = parseHandle('asha_rao').skeleton;
    expect(parseHandle('ASHA.RAO').skeleton).toBe(skeleton);
    expect(parseHandle('ashara0').skeleton).toBe(skeleton);
    expect(parseHandle('paylock_fan').skeleton).toBe(parseHandle('pay1ock_fan').skeleton);
    expect(parseHandle('korner').skeleton).toBe(parseHandle('komer').skeleton);
    expect(parseHandle('vvonder').skeleton).toBe(parseHandle('wonder').skeleton);
  });

  it.each([
    ['Cyrillic а in "аsha"', 'аsha'],
    ['Greek ο in "rοhan"', 'rοhan'],
    ['Devanagari', 'आशा'],
  ])('refuses letters of other alphabets (%s)', (_case, raw) => {
    expect(problemOf(raw)).toMatch(/only the letters a–z/);
  });

  it.each([
    ['zero-width space', 'asha\u200brao'],
    ['zero-width joiner', 'asha\u200drao'],
    ['right-to-left override', '\u202easha'],
    ['soft hyphen', 'asha\u00adrao'],
    ['NUL', 'asha\u0000'],
  ])('refuses invisible characters (%s)', (_case, raw) => {
    expect(problemOf(raw)).toMatch(/invisible or control/);
  });

  it.each([
    'admin',
    'ADMIN',
    'API',
    'brand',
    'supp0rt',
    'wa11et',
    'a.d.m.i.n',
    'paylock',
    'support',
  ])('refuses the reserved word %s and its look-alikes', (raw) => {
    expect(problemOf(raw)).toMatch(/reserved/);
  });

  it.each([
    ['too short', 'ab', /3 to 30/],
    ['too long', 'a'.repeat(31), /3 to 30/],
    ['a space', 'asha rao', /letters, digits/],
    ['a leading dot', '.asha', /letters, digits/],
    ['two dots', 'asha..rao', /letters, digits/],
    ['a hyphen', 'asha-rao', /letters, digits/],
    ['no text', 42, /required/],
  ])('refuses %s', (_case, raw, message) => {
    expect(problemOf(raw)).toMatch(message);
  });
});

describe('a handle changed away from', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const until = redirectUntilAfterChange(now);
  const old = { skeleton: 'asha', handle: 'asha', creatorId: 'c1', redirectUntil: until };

  it(`redirects for ${String(HANDLE_REDIRECT_DAYS)} days and is nobody else's meanwhile`, () => {
    const day29 = new Date(now.getTime() + 29 * 86_400_000);
    expect(stillRedirects(old, day29)).toBe(true);
    expect(mayTake(old, 'c2', day29)).toBe(false);
    expect(mayTake(old, 'c1', day29)).toBe(true);
  });

  it('is freed after 30 days', () => {
    const day30 = new Date(now.getTime() + 30 * 86_400_000);
    expect(stillRedirects(old, day30)).toBe(false);
    expect(mayTake(old, 'c2', day30)).toBe(true);
  });

  it('a handle in use is never free for another creator', () => {
    expect(mayTake({ skeleton: 'asha', handle: 'asha', creatorId: 'c1' }, 'c2', now)).toBe(false);
    expect(mayTake(undefined, 'c2', now)).toBe(true);
  });
});
