import { generateRefreshToken, openSuccessor, sealSuccessor } from './refresh-token.js';

describe('a rotation’s sealed successor', () => {
  it('opens with the rotated token', () => {
    const rotated = generateRefreshToken().token;
    const successor = generateRefreshToken().token;
    expect(openSuccessor(rotated, sealSuccessor(rotated, successor))).toBe(successor);
  });

  it('does not open with any other token, nor when tampered with', () => {
    const rotated = generateRefreshToken().token;
    const sealed = sealSuccessor(rotated, generateRefreshToken().token);
    expect(openSuccessor(generateRefreshToken().token, sealed)).toBeNull();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(openSuccessor(rotated, tampered)).toBeNull();
    expect(openSuccessor(rotated, 'short')).toBeNull();
  });

  it('never holds the successor in the clear', () => {
    const rotated = generateRefreshToken().token;
    const successor = generateRefreshToken().token;
    expect(sealSuccessor(rotated, successor)).not.toContain(successor);
  });
});
