import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../../../test/support/test-database.js';
import { newInfluencer } from '../../../domain/user.js';
import { UserAlreadyExistsError } from '../../../domain/user.errors.js';
import { MongoUserRepository } from './mongo-user.repository.js';
import { UserRecord, UserSchema } from './user.schema.js';

const PROFILE = {
  googleId: 'google-sub-asha',
  email: 'asha@gmail.com',
  displayName: 'Asha Verma',
  photoURL: null,
};
const NOW = new Date('2026-11-20T10:00:00Z');

describe('MongoUserRepository against the real database', () => {
  let connection: Connection;
  let users: MongoUserRepository;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    // No model.init(): the repository itself must have the unique index in place before inserting.
    users = new MongoUserRepository(connection.model(UserRecord.name, UserSchema));
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('keeps one account per Google id when the first sign-ups of a fresh database race', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        users.create(newInfluencer({ ...PROFILE, googleId: 'google-sub-first' }, NOW)),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((result) => result.status === 'rejected')) {
      expect(attempt.reason).toBeInstanceOf(UserAlreadyExistsError);
    }
  });

  it('stores an account and finds it by id and by Google id', async () => {
    const created = await users.create(newInfluencer(PROFILE, NOW));
    expect(created).toEqual({
      ...PROFILE,
      id: expect.stringMatching(/^[a-f\d]{24}$/) as unknown,
      accountType: 'influencer',
      createdAt: NOW,
      lastLoginAt: NOW,
    });
    expect(await users.findById(created.id)).toEqual(created);
    expect(await users.findByGoogleId(PROFILE.googleId)).toEqual(created);
    expect(await users.findById('not-an-object-id')).toBeNull();
  });

  it('keeps one account per Google id, even under simultaneous sign-ups', async () => {
    const profile = { ...PROFILE, googleId: 'google-sub-race' };
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () => users.create(newInfluencer(profile, NOW))),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((result) => result.status === 'rejected')) {
      expect(attempt.reason).toBeInstanceOf(UserAlreadyExistsError);
    }
  });

  it('records a sign-in with the current Google profile', async () => {
    const later = new Date('2026-11-21T08:00:00Z');
    const existing = await users.findByGoogleId(PROFILE.googleId);
    const updated = await users.recordSignIn(
      existing?.id ?? '',
      { ...PROFILE, displayName: 'Asha V.', photoURL: 'https://lh3.googleusercontent.com/a/x' },
      later,
    );
    expect(updated).toMatchObject({
      displayName: 'Asha V.',
      photoURL: 'https://lh3.googleusercontent.com/a/x',
      createdAt: NOW,
      lastLoginAt: later,
    });
  });
});
