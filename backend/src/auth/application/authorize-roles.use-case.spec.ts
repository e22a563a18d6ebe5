import type { User } from '../../users/users.contract.js';
import { AdminEmailList, UserRepository, UserRoles } from '../../users/users.contract.js';
import { RoleRequiredError, SessionExpiredError } from '../domain/auth.errors.js';
import { AuthorizeRoles } from './authorize-roles.use-case.js';

class OneUser extends UserRepository {
  constructor(private readonly user: User | null) {
    super();
  }
  nextId(): string {
    return 'u-next';
  }
  create(): Promise<User> {
    throw new Error('not used');
  }
  findByGoogleId(): Promise<User | null> {
    return Promise.resolve(this.user);
  }
  findById(id: string): Promise<User | null> {
    return Promise.resolve(this.user?.id === id ? this.user : null);
  }
  recordSignIn(): Promise<User | null> {
    return Promise.resolve(this.user);
  }
}

const OPS: User = {
  id: 'u1',
  googleId: 'sub-1',
  email: 'ops@paylock.in',
  displayName: 'Ops',
  photoURL: null,
  accountType: 'influencer',
  createdAt: new Date(0),
  lastLoginAt: new Date(0),
};

class ListedAdmins extends AdminEmailList {
  constructor(private readonly emails: readonly string[]) {
    super();
  }
  includes(email: string): boolean {
    return this.emails.includes(email);
  }
}

function authorizeWith(admins: string[], user: User | null = OPS): AuthorizeRoles {
  return new AuthorizeRoles(new OneUser(user), new UserRoles(new ListedAdmins(admins)));
}

describe('AuthorizeRoles', () => {
  it('lets a listed admin through with both roles', async () => {
    await expect(authorizeWith(['ops@paylock.in']).execute('u1', ['admin'])).resolves.toEqual({
      user: OPS,
      roles: ['creator', 'admin'],
    });
  });

  it('refuses an account whose address is not (or no longer) listed', async () => {
    await expect(authorizeWith([]).execute('u1', ['admin'])).rejects.toBeInstanceOf(
      RoleRequiredError,
    );
  });

  it('ends the session of an account that no longer exists', async () => {
    await expect(
      authorizeWith(['ops@paylock.in'], null).execute('u1', ['admin']),
    ).rejects.toBeInstanceOf(SessionExpiredError);
  });
});
