import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import {
  authUseCases,
  FakeClock,
  lifetimes,
} from '../../../../../test/support/in-memory-auth.fakes.js';
import { SessionExpiredError } from '../../../domain/auth.errors.js';
import { hashRefreshToken } from '../../../domain/refresh-token.js';
import { MongoSessionStore } from './mongo-session.store.js';
import {
  RefreshTokenRecord,
  RefreshTokenSchema,
  RotationRecord,
  RotationSchema,
  SessionRecord,
  SessionSchema,
} from './session.schemas.js';

const PROFILE = {
  googleId: 'google-sub-ravi',
  email: 'ravi@gmail.com',
  displayName: 'Ravi',
  photoURL: null,
};

const rotation = (sessionId: string, rotatedAt: Date) => ({
  sessionId,
  rotatedAt,
  sealedSuccessor: null,
  successorExpiresAt: null,
});

describe('refresh-token rotation on the real database', () => {
  let connection: Connection;
  let store: MongoSessionStore;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    store = new MongoSessionStore(
      connection.model(SessionRecord.name, SessionSchema),
      connection.model(RefreshTokenRecord.name, RefreshTokenSchema),
      connection.model(RotationRecord.name, RotationSchema),
    );
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  /** Sessions on the real database; users (not under test here) in memory. */
  async function signedIn(reuseGraceMs: number) {
    const clock = new FakeClock();
    const auth = authUseCases({ sessions: store, clock, lifetimes: lifetimes({ reuseGraceMs }) });
    auth.identities.profiles.set('credential', PROFILE);
    const session = await auth.signUp.execute('credential');
    return { ...auth, refreshToken: session.refreshToken?.value ?? '' };
  }

  it('claims each rotation once: of many simultaneous claims exactly one wins', async () => {
    const at = new Date();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => store.claimRotation('same-hash', rotation('session-1', at))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store.findRotation('same-hash'))?.rotatedAt).toEqual(at);
  });

  it('tells whether a session rotated a token after a given moment', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    await store.claimRotation('hash-a', rotation('session-later', at));
    await store.claimRotation('hash-b', rotation('session-other', new Date(at.getTime() + 1000)));
    expect(await store.rotatedAfter('session-later', at)).toBe(false);
    expect(await store.rotatedAfter('session-later', new Date(at.getTime() - 1))).toBe(true);
    expect(await store.rotatedAfter('session-unknown', new Date(0))).toBe(false);
  });

  it('rotates at most once for two simultaneous refreshes with the same token: both get its successor', async () => {
    const auth = await signedIn(5000);
    const [first, second] = await Promise.all([
      auth.refresh.execute(auth.refreshToken),
      auth.refresh.execute(auth.refreshToken),
    ]);
    expect(first.refreshToken?.value).toMatch(/^[\w-]{43}$/);
    expect(second.refreshToken?.value).toBe(first.refreshToken?.value);
    const next = await auth.refresh.execute(first.refreshToken?.value ?? '');
    expect(next.refreshToken?.value).toMatch(/^[\w-]{43}$/);
  });

  it('outside the grace window, the second of two simultaneous refreshes revokes the family', async () => {
    const auth = await signedIn(0);
    const outcomes = await Promise.allSettled([
      auth.refresh.execute(auth.refreshToken),
      auth.refresh.execute(auth.refreshToken),
    ]);
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(1);
    expect(failed[0]?.reason).toBeInstanceOf(SessionExpiredError);

    const successor = succeeded[0]?.status === 'fulfilled' ? succeeded[0].value : undefined;
    await expect(auth.refresh.execute(successor?.refreshToken?.value ?? '')).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    const stored = await store.findRefreshToken(hashRefreshToken(auth.refreshToken));
    const session = await store.findSession(stored?.sessionId ?? '');
    expect(session?.revokedAt).toBeInstanceOf(Date);
  });
});
