import { SessionExpiredError } from '../domain/auth.errors.js';
import { authUseCases, lifetimes } from '../../../test/support/in-memory-auth.fakes.js';

const PROFILE = {
  googleId: 'google-sub-ravi',
  email: 'ravi@gmail.com',
  displayName: 'Ravi',
  photoURL: null,
};
const HOUR_SECONDS = 3600;

async function signedIn(options: Parameters<typeof authUseCases>[0] = {}) {
  const auth = authUseCases(options);
  auth.identities.profiles.set('credential', PROFILE);
  const session = await auth.signUp.execute('credential');
  const refreshToken = session.refreshToken?.value ?? '';
  return { ...auth, accessToken: session.accessToken, refreshToken };
}

describe('refreshing a session', () => {
  it('rotates: a new access token and a new refresh token, the old one spent', async () => {
    const auth = await signedIn();
    const result = await auth.refresh.execute(auth.refreshToken);

    expect(result.user).toMatchObject({ email: 'ravi@gmail.com' });
    expect(result.accessToken).not.toBe(auth.accessToken);
    expect(result.refreshToken?.value).toMatch(/^[\w-]{43}$/);
    expect(result.refreshToken?.value).not.toBe(auth.refreshToken);
    const next = await auth.refresh.execute(result.refreshToken?.value ?? '');
    expect(next.refreshToken).not.toBeNull();
  });

  it('detects reuse: a rotated token presented after the grace window ends the whole session', async () => {
    const auth = await signedIn();
    const rotated = await auth.refresh.execute(auth.refreshToken);
    auth.clock.advanceSeconds(6);

    await expect(auth.refresh.execute(auth.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(auth.refresh.execute(rotated.refreshToken?.value ?? '')).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(auth.authenticate.execute(rotated.accessToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('within the grace window answers the replay with the same successor the winner got', async () => {
    const auth = await signedIn();
    const winner = await auth.refresh.execute(auth.refreshToken);
    auth.clock.advanceSeconds(4);

    const secondTab = await auth.refresh.execute(auth.refreshToken);

    expect(secondTab.refreshToken).toEqual(winner.refreshToken);
    expect(await auth.authenticate.execute(secondTab.accessToken)).toBeDefined();
    const afterwards = await auth.refresh.execute(winner.refreshToken?.value ?? '');
    expect(afterwards.refreshToken).not.toBeNull();
  });

  it('keeps the session of a browser whose refresh answer a reload lost', async () => {
    const auth = await signedIn();
    await auth.refresh.execute(auth.refreshToken); // rotated; the answer never reached the cookie jar
    auth.clock.advanceSeconds(1);
    const reloaded = await auth.refresh.execute(auth.refreshToken); // the reloaded page, old cookie
    auth.clock.advanceSeconds(60); // long after the grace window: the next refresh

    const next = await auth.refresh.execute(reloaded.refreshToken?.value ?? '');

    expect(next.refreshToken?.value).toMatch(/^[\w-]{43}$/);
    expect(await auth.authenticate.execute(next.accessToken)).toBeDefined();
  });

  it('still detects reuse of a token replayed within the grace window, once the window is over', async () => {
    const auth = await signedIn();
    await auth.refresh.execute(auth.refreshToken);
    auth.clock.advanceSeconds(1);
    const replayed = await auth.refresh.execute(auth.refreshToken);
    auth.clock.advanceSeconds(6);

    await expect(auth.refresh.execute(auth.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(auth.refresh.execute(replayed.refreshToken?.value ?? '')).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('grants the grace only to the immediate predecessor: once its successor rotated, a replay revokes', async () => {
    const auth = await signedIn();
    const first = await auth.refresh.execute(auth.refreshToken);
    auth.clock.advanceSeconds(1);
    const second = await auth.refresh.execute(first.refreshToken?.value ?? '');
    auth.clock.advanceSeconds(1);

    await expect(auth.refresh.execute(auth.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(auth.refresh.execute(second.refreshToken?.value ?? '')).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('with no grace window, any replay revokes', async () => {
    const auth = await signedIn({ lifetimes: lifetimes({ reuseGraceMs: 0 }) });
    await auth.refresh.execute(auth.refreshToken);
    await expect(auth.refresh.execute(auth.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('with no grace window, a replay whose request began before the rotation still revokes', async () => {
    const auth = await signedIn({ lifetimes: lifetimes({ reuseGraceMs: 0 }) });
    auth.clock.advanceSeconds(1);
    await auth.refresh.execute(auth.refreshToken);
    auth.clock.advance(-500); // the losing request read the clock before the winner rotated
    await expect(auth.refresh.execute(auth.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('within the grace window, a replay whose request began before the rotation is another tab', async () => {
    const auth = await signedIn();
    auth.clock.advanceSeconds(1);
    await auth.refresh.execute(auth.refreshToken);
    auth.clock.advance(-500);
    const secondTab = await auth.refresh.execute(auth.refreshToken);
    expect(secondTab.refreshToken?.value).toMatch(/^[\w-]{43}$/);
  });

  it('refuses an unknown token', async () => {
    const auth = await signedIn();
    await expect(auth.refresh.execute('made-up')).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('ends after the idle timeout without refreshes, but each refresh extends it', async () => {
    const auth = await signedIn({
      lifetimes: lifetimes({ idleTimeoutMs: 2 * HOUR_SECONDS * 1000 }),
    });
    auth.clock.advanceSeconds(HOUR_SECONDS);
    const extended = await auth.refresh.execute(auth.refreshToken);
    auth.clock.advanceSeconds(1.5 * HOUR_SECONDS); // 2.5 h after sign-in, 1.5 h after refresh
    const again = await auth.refresh.execute(extended.refreshToken?.value ?? '');
    auth.clock.advanceSeconds(2 * HOUR_SECONDS);
    await expect(auth.refresh.execute(again.refreshToken?.value ?? '')).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('ends at the absolute lifetime however active it is', async () => {
    const auth = await signedIn({
      lifetimes: lifetimes({
        idleTimeoutMs: 2 * HOUR_SECONDS * 1000,
        absoluteLifetimeMs: 3 * HOUR_SECONDS * 1000,
      }),
    });
    let token = auth.refreshToken;
    for (let hour = 0; hour < 2; hour += 1) {
      auth.clock.advanceSeconds(HOUR_SECONDS);
      token = (await auth.refresh.execute(token)).refreshToken?.value ?? '';
    }
    auth.clock.advanceSeconds(HOUR_SECONDS);
    await expect(auth.refresh.execute(token)).rejects.toBeInstanceOf(SessionExpiredError);
  });
});

describe('signing out', () => {
  it('ends the session: its refresh token and its access tokens stop working', async () => {
    const auth = await signedIn();
    const claims = await auth.authenticate.execute(auth.accessToken);

    await auth.signOut.execute(claims.sessionId);

    await expect(auth.authenticate.execute(auth.accessToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(auth.refresh.execute(auth.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('leaves the same account signed in elsewhere', async () => {
    const auth = await signedIn();
    const elsewhere = await auth.signIn.execute('credential');
    const claims = await auth.authenticate.execute(auth.accessToken);

    await auth.signOut.execute(claims.sessionId);

    expect(await auth.authenticate.execute(elsewhere.accessToken)).toBeDefined();
  });
});
