import {
  codeMessage,
  CODE_SHAPE,
  cooldownLeftSeconds,
  generateCode,
  newChallenge,
} from './one-time-code.js';

describe('one-time codes', () => {
  it('are six ASCII digits, leading zeros kept, spread over the whole space', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });

  it('bind purpose, number and code in what the HMAC covers', () => {
    expect(codeMessage('signup', '+919876543210', '042917')).toBe('signup|+919876543210|042917');
    expect(codeMessage('login', '+919876543210', '042917')).not.toBe(
      codeMessage('signup', '+919876543210', '042917'),
    );
  });

  it("live 10 minutes and replace the number's previous code", () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(
      newChallenge(
        { phone: '+919876543210', purpose: 'signup', codeHash: 'h' },
        { sequence: 4 },
        now,
      ),
    ).toMatchObject({
      sequence: 5,
      issuedAt: now,
      expiresAt: new Date('2026-11-25T10:10:00Z'),
    });
  });

  it('may be replaced a minute after the last one', () => {
    const issuedAt = new Date('2026-11-25T10:00:00Z');
    expect(cooldownLeftSeconds(issuedAt, new Date('2026-11-25T10:00:00.500Z'))).toBe(60);
    expect(cooldownLeftSeconds(issuedAt, new Date('2026-11-25T10:00:59.900Z'))).toBe(1);
    expect(cooldownLeftSeconds(issuedAt, new Date('2026-11-25T10:01:00Z'))).toBe(0);
  });
});
