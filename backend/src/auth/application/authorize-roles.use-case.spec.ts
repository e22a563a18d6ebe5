import type { User } from '../../users/users.contract.js';
import {
  Accounts,
  AdminEmailList,
  AdminPolicy,
  UserRepository,
  UserRoles,
} from '../../users/users.contract.js';
import {
  InMemoryAdminBindings,
  InMemoryBrandAccounts,
} from '../../../test/support/in-memory-auth.fakes.js';
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
  findByEmail(): Promise<User | null> {
    return Promise.resolve(this.user);
  }
  findById(id: string): Promise<User | null> {
    return Promise.resolve(this.user?.id === id ? this.user : null);
  }
  recordSignIn(): Promise<User | null> {
    return Promise.resolve(this.user);
  }

  rename(): Promise<User | null> {
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
  // Each listed address bound (ADMIN_GOOGLE_SUBJECTS) to OPS's Google account.
  const policy = new AdminPolicy(new Map(admins.map((email) => [email, OPS.googleId])));
  return new AuthorizeRoles(
    new Accounts(new OneUser(user), new InMemoryBrandAccounts()),
    new UserRoles(new ListedAdmins(admins), new InMemoryAdminBindings(), policy),
  );
}

describe('AuthorizeRoles', () => {
  it('lets a listed admin through with both roles', async () => {
    await expect(authorizeWith(['ops@paylock.in']).execute('u1', ['admin'])).resolves.toEqual({
      account: OPS,
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

  it('keeps brands and creators apart: each is refused the other’s routes', async () => {
    const brands = new InMemoryBrandAccounts();
    const brand = await brands.create({
      accountType: 'brand',
      phone: '+919876543210',
      companyName: null,
      contactName: null,
      createdAt: new Date(0),
      lastLoginAt: new Date(0),
    });
    const authorize = new AuthorizeRoles(
      new Accounts(new OneUser(OPS), brands),
      new UserRoles(
        new ListedAdmins(['ops@paylock.in']),
        new InMemoryAdminBindings(),
        new AdminPolicy(),
      ),
    );
    await expect(authorize.execute(brand.id, ['brand'])).resolves.toEqual({
      account: brand,
      roles: ['brand'],
    });
    for (const roles of [['creator'], ['admin']] as const) {
      await expect(authorize.execute(brand.id, roles)).rejects.toBeInstanceOf(RoleRequiredError);
    }
    await expect(authorize.execute('u1', ['brand'])).rejects.toBeInstanceOf(RoleRequiredError);
  });
});
