import {
  InviteInvalidError,
  InviteRequiredError,
  InviteUsedError,
} from '../../invites/invites.contract.js';
import { UserAlreadyExistsError } from '../../users/users.contract.js';
import { type ClaimedInvite, SignUpInvites } from './ports/sign-up-invites.js';
import { AccountNotFoundError, InvalidCredentialError } from '../domain/auth.errors.js';
import { hashRefreshToken } from '../domain/refresh-token.js';
import { authUseCases, InMemorySessionStore } from '../../../test/support/in-memory-auth.fakes.js';

const ASHA = {
  googleId: 'google-sub-asha',
  email: 'asha@gmail.com',
  displayName: 'Asha Verma',
  photoURL: 'https://lh3.googleusercontent.com/a/asha',
};

function withAsha() {
  const sessions = new InMemorySessionStore();
  const auth = authUseCases({ sessions });
  auth.identities.profiles.set('credential-asha', ASHA);
  return { ...auth, sessions };
}

describe('signing up with Google', () => {
  it('creates an influencer account and starts a session with both tokens', async () => {
    const auth = withAsha();
    const result = await auth.signUp.execute('credential-asha');

    expect(result.user).toMatchObject({ ...ASHA, accountType: 'influencer' });
    expect(result.user.createdAt).toEqual(auth.clock.now());
    expect(result.accessToken).toContain(result.user.id);
    expect(result.refreshToken?.value).toMatch(/^[\w-]{43}$/);
    const stored = auth.sessions.tokens.get(hashRefreshToken(result.refreshToken?.value ?? ''));
    expect(stored).toBeDefined();
    expect([...auth.sessions.tokens.keys()]).not.toContain(result.refreshToken?.value);
  });

  it('refuses an account that exists already', async () => {
    const auth = withAsha();
    await auth.signUp.execute('credential-asha');
    await expect(auth.signUp.execute('credential-asha')).rejects.toBeInstanceOf(
      UserAlreadyExistsError,
    );
    expect(auth.sessions.sessions.size).toBe(1);
  });

  it('refuses a credential the verifier rejects, creating nothing', async () => {
    const auth = withAsha();
    await expect(auth.signUp.execute('forged')).rejects.toBeInstanceOf(InvalidCredentialError);
    expect(await auth.users.findByGoogleId(ASHA.googleId)).toBeNull();
  });
});

describe('signing in with Google', () => {
  it('signs an existing account in, recording the time and the current Google profile', async () => {
    const auth = withAsha();
    await auth.signUp.execute('credential-asha');
    auth.clock.advanceSeconds(3600);
    auth.identities.profiles.set('credential-asha', { ...ASHA, displayName: 'Asha V.' });

    const result = await auth.signIn.execute('credential-asha');

    expect(result.user).toMatchObject({ displayName: 'Asha V.' });
    expect(result.user.lastLoginAt).toEqual(auth.clock.now());
    expect(result.refreshToken).not.toBeNull();
    expect(auth.sessions.sessions.size).toBe(2);
  });

  it('refuses an unknown account', async () => {
    const auth = withAsha();
    await expect(auth.signIn.execute('credential-asha')).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    expect(auth.sessions.sessions.size).toBe(0);
  });

  it('refuses a credential the verifier rejects', async () => {
    const auth = withAsha();
    await expect(auth.signIn.execute('expired')).rejects.toBeInstanceOf(InvalidCredentialError);
  });
});

/** One invite, code 'good-code': claim-once, as the invites module promises. */
class OneInvite extends SignUpInvites {
  claimedBy: { userId: string; googleId: string } | undefined;
  completed: { userId: string; email: string } | undefined;
  released = 0;

  claim(code: unknown, claimant: { userId: string; googleId: string }): Promise<ClaimedInvite> {
    if (code !== 'good-code') return Promise.reject(new InviteInvalidError());
    if (this.claimedBy && this.claimedBy.googleId !== claimant.googleId) {
      return Promise.reject(new InviteUsedError());
    }
    const fresh = this.claimedBy === undefined;
    this.claimedBy ??= claimant;
    return Promise.resolve({ inviteId: 'i1', entryId: 'e1', userId: this.claimedBy.userId, fresh });
  }

  complete(_claim: ClaimedInvite, account: { userId: string; email: string }): Promise<void> {
    this.completed = account;
    return Promise.resolve();
  }

  release(claim: ClaimedInvite): Promise<void> {
    if (claim.fresh) {
      this.claimedBy = undefined;
      this.released += 1;
    }
    return Promise.resolve();
  }
}

describe('signing up under SIGNUP_MODE', () => {
  function world(signupMode: 'invite' | 'open', adminEmails: string[] = []) {
    const invites = new OneInvite();
    const auth = authUseCases({ signupMode, adminEmails, invites });
    auth.identities.profiles.set('credential-asha', ASHA);
    auth.identities.profiles.set('credential-ravi', {
      ...ASHA,
      googleId: 'google-sub-ravi',
      email: 'ravi@gmail.com',
    });
    return { ...auth, invites };
  }

  it('invite mode: refuses a sign-up without an invite, creating nothing', async () => {
    const auth = world('invite');
    await expect(auth.signUp.execute('credential-asha')).rejects.toBeInstanceOf(
      InviteRequiredError,
    );
    expect(await auth.users.findByGoogleId(ASHA.googleId)).toBeNull();
  });

  it('invite mode: an ADMIN_EMAILS address signs up without one (someone must send the first)', async () => {
    const auth = world('invite', [ASHA.email]);
    await expect(auth.signUp.execute('credential-asha')).resolves.toBeDefined();
  });

  it('invite mode: an invite creates the account with the id its claim names, and completes it', async () => {
    const auth = world('invite');
    const session = await auth.signUp.execute('credential-asha', 'good-code');
    expect(session.user.id).toBe(auth.invites.claimedBy?.userId);
    expect(auth.invites.completed).toEqual({ userId: session.user.id, email: ASHA.email });
  });

  it('a second Google account cannot redeem the same invite', async () => {
    const auth = world('invite');
    await auth.signUp.execute('credential-asha', 'good-code');
    await expect(auth.signUp.execute('credential-ravi', 'good-code')).rejects.toBeInstanceOf(
      InviteUsedError,
    );
    expect(await auth.users.findByGoogleId('google-sub-ravi')).toBeNull();
  });

  it('open mode: signs up without an invite, and still refuses a bad one', async () => {
    const auth = world('open');
    await expect(auth.signUp.execute('credential-asha')).resolves.toBeDefined();
    await expect(auth.signUp.execute('credential-ravi', 'bad-code')).rejects.toBeInstanceOf(
      InviteInvalidError,
    );
  });

  it('an existing account is told it is registered, whatever the mode; the invite stays unused', async () => {
    const auth = world('invite', [ASHA.email]);
    await auth.signUp.execute('credential-asha');
    await expect(auth.signUp.execute('credential-asha', 'good-code')).rejects.toBeInstanceOf(
      UserAlreadyExistsError,
    );
    expect(auth.invites.claimedBy).toBeUndefined();
  });
});
