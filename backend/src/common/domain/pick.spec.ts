import { pick } from './pick.js';

describe('pick', () => {
  const stored = { _id: 'a1', name: 'Asha', city: 'Pune', revision: 3 };

  it('copies the named fields and leaves every other field out', () => {
    expect(pick(stored, ['name', 'revision'])).toStrictEqual({ name: 'Asha', revision: 3 });
  });

  it('keeps a named field that holds undefined, as an explicit copy would', () => {
    const claim: { outcome: string; userId?: string } = { outcome: 'revoked' };
    const copy = pick(claim, ['outcome', 'userId']);
    expect(copy).toStrictEqual({ outcome: 'revoked', userId: undefined });
    expect(Object.keys(copy)).toEqual(['outcome', 'userId']);
  });

  it('makes a new object: changing the copy leaves the source as it was', () => {
    const copy = pick(stored, ['city']);
    copy.city = 'Goa';
    expect(stored.city).toBe('Pune');
  });
});
