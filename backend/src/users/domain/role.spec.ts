import { rolesOf } from './role.js';

describe('rolesOf', () => {
  const admins = new Set(['ops@paylock.in']);
  const isAdmin = (email: string) => admins.has(email);

  it('makes every account a creator', () => {
    expect(rolesOf('asha@gmail.com', isAdmin)).toEqual(['creator']);
  });

  it('adds admin for a listed address, whatever its case or surrounding spaces', () => {
    expect(rolesOf(' Ops@Paylock.IN ', isAdmin)).toEqual(['creator', 'admin']);
  });

  it('gives nothing to a look-alike address', () => {
    expect(rolesOf('ops@paylock.in.evil.com', isAdmin)).toEqual(['creator']);
  });
});
