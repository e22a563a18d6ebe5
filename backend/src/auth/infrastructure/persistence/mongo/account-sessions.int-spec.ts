import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import {
  authUseCases,
  FakeAccessTokens,
  FakeClock,
  InMemoryUsers,
} from '../../../../../test/support/in-memory-auth.fakes.js';
import {
  ListAccountSessions,
  RevokeAccountSession,
  SignOutOtherSessions,
} from '../../../application/account-sessions.use-case.js';
import { SessionExpiredError, SessionNotFoundError } from '../../../domain/auth.errors.js';
import { MongoSessionStore } from './mongo-session.store.js';
import {
  RefreshTokenRecord,
  RefreshTokenSchema,
  RotationRecord,
  RotationSchema,
  SessionRecord,
  SessionSchema,
} from './session.schemas.js';

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Mobile Safari/537.36';

function storeOn(connection: Connection): MongoSessionStore {
  return new MongoSessionStore(
    connection.model(SessionRecord.name, SessionSchema),
    connection.model(RefreshTokenRecord.name, RefreshTokenSchema),
    connection.model(RotationRecord.name, RotationSchema),
  );
}

/**
 * Two API instances, each with its own connection to one database, sharing only what
 * production instances share: the database and the access-token signing key.
 */
describe('revoking a session, seen from another connection', () => {
  const connections: Connection[] = [];
  const clock = new FakeClock();
  const users = new InMemoryUsers();
  const accessTokens = new FakeAccessTokens();

  function instance(connection: Connection) {
    const sessions = storeOn(connection);
    const auth = authUseCases({ sessions, users, clock, accessTokens });
    auth.identities.profiles.set('ravi', {
      googleId: 'google-sub-ravi',
      email: 'ravi@gmail.com',
      displayName: 'Ravi',
      photoURL: null,
    });
    auth.identities.profiles.set('meera', {
      googleId: 'google-sub-meera',
      email: 'meera@gmail.com',
      displayName: 'Meera',
      photoURL: null,
    });
    return {
      ...auth,
      list: new ListAccountSessions(sessions, clock),
      revoke: new RevokeAccountSession(sessions, clock),
      revokeOthers: new SignOutOtherSessions(sessions, clock),
    };
  }

  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;

  beforeAll(async () => {
    const uri = testDatabaseUri('int');
    for (let i = 0; i < 2; i += 1) {
      const connection = mongoose.createConnection(uri);
      await waitForDatabase(connection);
      connections.push(connection);
    }
    const [first, second] = connections as [Connection, Connection];
    await first.dropDatabase();
    a = instance(first);
    b = instance(second);
    await a.signUp.execute('ravi');
    await a.signUp.execute('meera');
  });

  afterAll(async () => {
    await connections[0]?.dropDatabase();
    await Promise.all(connections.map((connection) => connection.close()));
  });

  /** A fresh sign-in on instance A: its tokens and session id. */
  async function signIn(credential: string, userAgent: string | null = null) {
    const issued = await a.signIn.execute(credential, { userAgent });
    const claims = await a.authenticate.execute(issued.accessToken);
    return {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken?.value ?? '',
      sessionId: claims.sessionId,
      userId: claims.userId,
    };
  }

  it('lists the account’s active sessions on the other instance, this one marked', async () => {
    const laptop = await signIn('ravi');
    const phone = await signIn('ravi', CHROME_ON_ANDROID);
    const listed = await b.list.execute(laptop.userId, laptop.sessionId);
    const ids = listed.map((entry) => entry.session.id);
    expect(ids).toEqual(expect.arrayContaining([laptop.sessionId, phone.sessionId]));
    expect(listed.find((entry) => entry.current)?.session.id).toBe(laptop.sessionId);
    expect(listed.find((entry) => entry.session.id === phone.sessionId)?.session.userAgent).toBe(
      CHROME_ON_ANDROID,
    );
  });

  it('a session revoked through one connection fails its next call and refresh on the other', async () => {
    const laptop = await signIn('ravi');
    const lostPhone = await signIn('ravi', CHROME_ON_ANDROID);
    await expect(b.authenticate.execute(lostPhone.accessToken)).resolves.toMatchObject({
      sessionId: lostPhone.sessionId,
    });

    await a.revoke.execute(laptop.userId, lostPhone.sessionId);

    await expect(b.authenticate.execute(lostPhone.accessToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(b.refresh.execute(lostPhone.refreshToken)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(b.authenticate.execute(laptop.accessToken)).resolves.toMatchObject({
      sessionId: laptop.sessionId,
    });
    const listed = await b.list.execute(laptop.userId, laptop.sessionId);
    expect(listed.map((entry) => entry.session.id)).not.toContain(lostPhone.sessionId);
  });

  it('refuses to revoke another account’s session, an unknown one or an ended one', async () => {
    const ravi = await signIn('ravi');
    const meera = await signIn('meera');
    await expect(b.revoke.execute(ravi.userId, meera.sessionId)).rejects.toBeInstanceOf(
      SessionNotFoundError,
    );
    await expect(b.authenticate.execute(meera.accessToken)).resolves.toBeDefined();
    await expect(b.revoke.execute(ravi.userId, 'no-such-session')).rejects.toBeInstanceOf(
      SessionNotFoundError,
    );
    const ended = await signIn('ravi');
    await a.revoke.execute(ravi.userId, ended.sessionId);
    await expect(b.revoke.execute(ravi.userId, ended.sessionId)).rejects.toBeInstanceOf(
      SessionNotFoundError,
    );
  });

  it('signs out everywhere else: every other session of the account ends, this one and others’ stay', async () => {
    const here = await signIn('ravi');
    const elsewhere = [await signIn('ravi'), await signIn('ravi')];
    const meera = await signIn('meera');

    const revoked = await a.revokeOthers.execute(here.userId, here.sessionId);

    expect(revoked).toBeGreaterThanOrEqual(2);
    for (const other of elsewhere) {
      await expect(b.authenticate.execute(other.accessToken)).rejects.toBeInstanceOf(
        SessionExpiredError,
      );
      await expect(b.refresh.execute(other.refreshToken)).rejects.toBeInstanceOf(
        SessionExpiredError,
      );
    }
    await expect(b.authenticate.execute(here.accessToken)).resolves.toBeDefined();
    await expect(b.refresh.execute(here.refreshToken)).resolves.toBeDefined();
    await expect(b.authenticate.execute(meera.accessToken)).resolves.toBeDefined();
    const listed = await b.list.execute(here.userId, here.sessionId);
    expect(listed.map((entry) => entry.session.id)).toEqual([here.sessionId]);
  });

  it('records the browser and the time of each refresh as the session’s last activity', async () => {
    const session = await signIn('ravi');
    clock.advance(60_000);
    await b.refresh.execute(session.refreshToken, { userAgent: CHROME_ON_ANDROID });
    const listed = await a.list.execute(session.userId, session.sessionId);
    const mine = listed.find((entry) => entry.current)?.session;
    expect(mine?.userAgent).toBe(CHROME_ON_ANDROID);
    expect(mine?.lastActiveAt).toEqual(clock.now());
    expect(mine?.createdAt.getTime()).toBe(clock.now().getTime() - 60_000);
  });
});
