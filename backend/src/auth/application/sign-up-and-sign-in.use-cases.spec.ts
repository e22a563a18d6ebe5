import { UserAlreadyExistsError } from '../../users/index.js';
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

    expect(result.user.displayName).toBe('Asha V.');
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
