import { EMAIL_PATTERN, normalizeEmailAddress, readableDomain } from './email-address.js';

/** The one e-mail parser (#28, finding 9). */
describe('normalizeEmailAddress', () => {
  it.each([
    ['x@bücher.example', 'x@xn--bcher-kva.example'],
    ['x@xn--bcher-kva.example', 'x@xn--bcher-kva.example'],
    ['  X@BÜCHER.Example ', 'x@xn--bcher-kva.example'],
    ['ａｓｈａ@example.com', 'asha@example.com'],
    ['asha@Example.COM', 'asha@example.com'],
    ['मीरा@उदाहरण.भारत', 'मीरा@xn--p1b6ci4b4b3a.xn--h2brj9c'],
  ])('%s is spelt %s', (typed, stored) => {
    expect(normalizeEmailAddress(typed)).toBe(stored);
  });

  it.each(['', 'plain', 'a@b', 'a b@x.in', 'a@b@x.in', 'a<b@x.in', 'a@x\u200b.in', 'a＠b@x.in'])(
    'refuses %j',
    (typed) => {
      expect(normalizeEmailAddress(typed)).toBeUndefined();
    },
  );

  it('keeps a domain no host name can have as typed (the pattern accepts it)', () => {
    expect(normalizeEmailAddress('a@b%c.example')).toBe('a@b%c.example');
  });

  it('shows a stored domain as people read it', () => {
    expect(readableDomain('xn--bcher-kva.example')).toBe('bücher.example');
    expect(EMAIL_PATTERN.test('x@xn--bcher-kva.example')).toBe(true);
  });
});
