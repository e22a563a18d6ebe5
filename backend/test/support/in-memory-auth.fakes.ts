import { SignInNotices } from '../../src/auth/application/ports/sign-in-notices.js';
import {
  Accounts,
  type AdminBinding,
  AdminBindings,
  AdminPolicy,
  type BrandAccount,
  BrandAccountExistsError,
  BrandAccountRepository,
  type BrandProfile,
  type NewBrandAccount,
  type GoogleProfile,
  type NewUser,
  type User,
  UserAlreadyExistsError,
  UserRepository,
  UserRoles,
} from '../../src/users/index.js';
import { ConfiguredAdminEmailList } from '../../src/users/infrastructure/configured-admin-email-list.js';
import { InvalidCredentialError } from '../../src/auth/domain/auth.errors.js';
import type { Rotation, StoredRefreshToken } from '../../src/auth/domain/refresh-token.js';
import {
  isSessionActive,
  type Session,
  type SessionDevice,
} from '../../src/auth/domain/session.js';
import {
  type AccessTokenClaims,
  AccessTokens,
} from '../../src/auth/application/ports/access-tokens.js';
import { FakeClock } from './fake-clock.js';
import { GoogleIdentityVerifier } from '../../src/auth/application/ports/google-identity.verifier.js';
import { SessionLifetimes } from '../../src/auth/application/ports/session-lifetimes.js';
import { SessionStore } from '../../src/auth/application/ports/session.store.js';
import {
  type ClaimedInvite,
  SignUpInvites,
  SignUpPolicy,
} from '../../src/auth/application/ports/sign-up-invites.js';
import { InviteInvalidError } from '../../src/invites/index.js';
import { RefreshSession } from '../../src/auth/application/refresh-session.use-case.js';
import { AuthenticateAccessToken } from '../../src/auth/application/authenticate-access-token.use-case.js';
import { SessionIssuer } from '../../src/auth/application/session-issuer.js';
import { SignInWithGoogle } from '../../src/auth/application/sign-in-with-google.use-case.js';
import { SignOut } from '../../src/auth/application/sign-out.use-case.js';
import { SignUpWithGoogle } from '../../src/auth/application/sign-up-with-google.use-case.js';

/** Admin bindings in memory: the first binding of an address holds. */
export class InMemoryAdminBindings extends AdminBindings {
  readonly bindings = new Map<string, AdminBinding>();

  bind(email: string, binding: AdminBinding): Promise<AdminBinding> {
    const held = this.bindings.get(email) ?? binding;
    this.bindings.set(email, held);
    return Promise.resolve(held);
  }

  of(email: string): Promise<AdminBinding | undefined> {
    return Promise.resolve(this.bindings.get(email));
  }
}

/** In-memory fakes of the auth ports, for unit tests of the use cases. */
export class InMemoryUsers extends UserRepository {
  readonly users = new Map<string, User>();

  private issuedIds = 0;

  nextId(): string {
    this.issuedIds += 1;
    return `user-id-${String(this.issuedIds)}`;
  }

  create(user: NewUser, id?: string): Promise<User> {
    if (
      [...this.users.values()].some((existing) => existing.googleId === user.googleId) ||
      (id !== undefined && this.users.has(id))
    ) {
      return Promise.reject(new UserAlreadyExistsError());
    }
    const created = { ...user, id: id ?? `user-${String(this.users.size + 1)}` };
    this.users.set(created.id, created);
    return Promise.resolve(created);
  }

  findByGoogleId(googleId: string): Promise<User | null> {
    const found = [...this.users.values()].find((user) => user.googleId === googleId);
    return Promise.resolve(found ?? null);
  }

  findByEmail(email: string): Promise<User | null> {
    const found = [...this.users.values()].find((user) => user.email === email);
    return Promise.resolve(found ?? null);
  }

  findById(id: string): Promise<User | null> {
    return Promise.resolve(this.users.get(id) ?? null);
  }

  /** Names people chose, by account id: they stay over the provider's at sign-in. */
  private readonly chosenNames = new Map<string, string>();

  recordSignIn(id: string, profile: GoogleProfile, at: Date): Promise<User | null> {
    const user = this.users.get(id);
    if (!user) return Promise.resolve(null);
    const chosen = this.chosenNames.get(id);
    const updated = {
      ...user,
      ...profile,
      ...(chosen && { displayName: chosen }),
      lastLoginAt: at,
    };
    this.users.set(id, updated);
    return Promise.resolve(updated);
  }

  rename(id: string, displayName: string): Promise<User | null> {
    const user = this.users.get(id);
    if (!user) return Promise.resolve(null);
    this.chosenNames.set(id, displayName);
    const renamed = { ...user, displayName };
    this.users.set(id, renamed);
    return Promise.resolve(renamed);
  }
}

export class InMemoryBrandAccounts extends BrandAccountRepository {
  readonly accounts = new Map<string, BrandAccount>();

  private issuedIds = 0;

  nextId(): string {
    this.issuedIds += 1;
    return `brand-id-${String(this.issuedIds)}`;
  }

  create(account: NewBrandAccount, id?: string): Promise<BrandAccount> {
    if (
      [...this.accounts.values()].some((existing) => existing.phone === account.phone) ||
      (id !== undefined && this.accounts.has(id))
    ) {
      return Promise.reject(new BrandAccountExistsError());
    }
    const created = { ...account, id: id ?? `brand-${String(this.accounts.size + 1)}` };
    this.accounts.set(created.id, created);
    return Promise.resolve(created);
  }

  findByPhone(phone: string): Promise<BrandAccount | null> {
    return Promise.resolve([...this.accounts.values()].find((a) => a.phone === phone) ?? null);
  }

  findById(id: string): Promise<BrandAccount | null> {
    return Promise.resolve(this.accounts.get(id) ?? null);
  }

  recordSignIn(id: string, at: Date): Promise<BrandAccount | null> {
    return this.update(id, { lastLoginAt: at });
  }

  updateProfile(id: string, profile: BrandProfile): Promise<BrandAccount | null> {
    return this.update(id, profile);
  }

  private update(id: string, change: Partial<BrandAccount>): Promise<BrandAccount | null> {
    const account = this.accounts.get(id);
    if (!account) return Promise.resolve(null);
    const updated = { ...account, ...change };
    this.accounts.set(id, updated);
    return Promise.resolve(updated);
  }
}

export class InMemorySessionStore extends SessionStore {
  readonly sessions = new Map<string, Session>();
  readonly tokens = new Map<string, StoredRefreshToken>();
  readonly rotations = new Map<string, Rotation>();

  createSession(session: Session): Promise<void> {
    this.sessions.set(session.id, session);
    return Promise.resolve();
  }

  findSession(id: string): Promise<Session | null> {
    return Promise.resolve(this.sessions.get(id) ?? null);
  }

  revokeSession(id: string, at: Date): Promise<void> {
    const session = this.sessions.get(id);
    if (session && !session.revokedAt) this.sessions.set(id, { ...session, revokedAt: at });
    return Promise.resolve();
  }

  listActiveSessions(userId: string, now: Date): Promise<Session[]> {
    const active = [...this.sessions.values()].filter(
      (session) => session.userId === userId && isSessionActive(session, now),
    );
    return Promise.resolve(
      active.sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime()),
    );
  }

  revokeSessionOf(userId: string, id: string, at: Date): Promise<boolean> {
    const session = this.sessions.get(id);
    if (!session || session.userId !== userId || !isSessionActive(session, at))
      return Promise.resolve(false);
    this.sessions.set(id, { ...session, revokedAt: at });
    return Promise.resolve(true);
  }

  revokeOtherSessions(userId: string, keepId: string, at: Date): Promise<number> {
    let revoked = 0;
    for (const session of this.sessions.values()) {
      if (session.userId !== userId || session.id === keepId || session.revokedAt) continue;
      this.sessions.set(session.id, { ...session, revokedAt: at });
      revoked += 1;
    }
    return Promise.resolve(revoked);
  }

  touchSession(id: string, at: Date, device: SessionDevice): Promise<void> {
    const session = this.sessions.get(id);
    if (session)
      this.sessions.set(id, {
        ...session,
        lastActiveAt: at,
        userAgent: device.userAgent ?? session.userAgent,
      });
    return Promise.resolve();
  }

  saveRefreshToken(token: StoredRefreshToken): Promise<void> {
    this.tokens.set(token.hash, token);
    return Promise.resolve();
  }

  findRefreshToken(hash: string): Promise<StoredRefreshToken | null> {
    return Promise.resolve(this.tokens.get(hash) ?? null);
  }

  claimRotation(hash: string, rotation: Rotation): Promise<boolean> {
    if (this.rotations.has(hash)) return Promise.resolve(false);
    this.rotations.set(hash, rotation);
    return Promise.resolve(true);
  }

  findRotation(hash: string): Promise<Rotation | null> {
    return Promise.resolve(this.rotations.get(hash) ?? null);
  }

  rotatedAfter(sessionId: string, at: Date): Promise<boolean> {
    const rotations = [...this.rotations.values()];
    return Promise.resolve(
      rotations.some((rotation) => rotation.sessionId === sessionId && rotation.rotatedAt > at),
    );
  }
}

/** Tokens that read `access:<userId>:<sessionId>:<n>`; verify accepts only ones it issued. */
export class FakeAccessTokens extends AccessTokens {
  private readonly issued = new Map<string, AccessTokenClaims>();

  issue(claims: AccessTokenClaims): Promise<string> {
    const token = `access:${claims.userId}:${claims.sessionId}:${String(this.issued.size)}`;
    this.issued.set(token, claims);
    return Promise.resolve(token);
  }

  verify(token: string): Promise<AccessTokenClaims | null> {
    return Promise.resolve(this.issued.get(token) ?? null);
  }
}

export { FakeClock };

/** Knows a fixed set of credentials, each naming one Google profile. */
export class FakeGoogleIdentities extends GoogleIdentityVerifier {
  readonly profiles = new Map<string, GoogleProfile>();

  verify(idToken: string): Promise<GoogleProfile> {
    const profile = this.profiles.get(idToken);
    return profile ? Promise.resolve(profile) : Promise.reject(new InvalidCredentialError());
  }
}

const HOUR_MS = 3_600_000;

export function lifetimes(
  overrides: Partial<Pick<SessionLifetimes, keyof SessionLifetimes>> = {},
): SessionLifetimes {
  return new SessionLifetimes(
    overrides.idleTimeoutMs ?? 168 * HOUR_MS,
    overrides.absoluteLifetimeMs ?? 720 * HOUR_MS,
    overrides.reuseGraceMs ?? 5000,
  );
}

/** Every auth use case wired to the given (or fresh) fakes. */
export function authUseCases(
  options: {
    users?: UserRepository;
    brands?: BrandAccountRepository;
    sessions?: SessionStore;
    lifetimes?: SessionLifetimes;
    clock?: FakeClock;
    signupMode?: 'invite' | 'open';
    adminEmails?: readonly string[];
    /** The invites the sign-up redeems (default: none known; every code is invalid). */
    invites?: SignUpInvites;
    /** Another instance's tokens: API instances share the signing key. */
    accessTokens?: FakeAccessTokens;
  } = {},
) {
  const invites = options.invites ?? new NoInvites();
  const users = options.users ?? new InMemoryUsers();
  const brands = options.brands ?? new InMemoryBrandAccounts();
  const sessions = options.sessions ?? new InMemorySessionStore();
  const clock = options.clock ?? new FakeClock();
  const sessionLifetimes = options.lifetimes ?? lifetimes();
  const identities = new FakeGoogleIdentities();
  const accessTokens = options.accessTokens ?? new FakeAccessTokens();
  const issuer = new SessionIssuer(sessions, accessTokens, sessionLifetimes, clock);
  const roles = new UserRoles(
    new ConfiguredAdminEmailList(options.adminEmails ?? []),
    new InMemoryAdminBindings(),
    new AdminPolicy(),
  );
  return {
    users,
    brands,
    issuer,
    sessions,
    clock,
    identities,
    invites,
    accessTokens,
    signUp: new SignUpWithGoogle(
      identities,
      users,
      issuer,
      clock,
      invites,
      new SignUpPolicy(options.signupMode ?? 'open'),
      roles,
      new NoSignInNotices(),
    ),
    signIn: new SignInWithGoogle(identities, users, issuer, clock, roles, new NoSignInNotices()),
    refresh: new RefreshSession(
      sessions,
      new Accounts(users, brands),
      issuer,
      sessionLifetimes,
      clock,
    ),
    signOut: new SignOut(sessions, clock),
    authenticate: new AuthenticateAccessToken(accessTokens, sessions, clock),
  };
}

/** The notices to the account's owner are the mail's business, not these tests'. */
class NoSignInNotices extends SignInNotices {
  signedUp(): Promise<void> {
    return Promise.resolve();
  }

  signedIn(): Promise<void> {
    return Promise.resolve();
  }
}

/** Sign-up invites when none were sent: every code is refused as invalid. */
class NoInvites extends SignUpInvites {
  claim(): Promise<ClaimedInvite> {
    return Promise.reject(new InviteInvalidError());
  }

  complete(): Promise<void> {
    return Promise.resolve();
  }

  release(): Promise<void> {
    return Promise.resolve();
  }
}
