import { databaseEmptiedBeforeEachTest } from '../../../../../test/support/int-database.js';
import type { Connection } from 'mongoose';
import { modelOn } from '../../../../../test/support/model-on.js';
import {
  MongoPersonalSessions,
  PERSONAL_SESSIONS_COLLECTION,
  PersonalSessionRecord,
  PersonalSessionSchema,
} from './mongo-personal-sessions.js';

const sessionsOn = (connection: Connection) =>
  new MongoPersonalSessions(modelOn(connection, PersonalSessionRecord.name, PersonalSessionSchema));

const NOW = new Date('2026-11-23T08:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

/** The personal page's sessions on the real database (#13). */
describe('MongoPersonalSessions against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  it('keeps only a hash of the session token, answers its entry until it expires, and ends it', async () => {
    const sessions = sessionsOn(database());
    const token = await sessions.start('entry-a', NOW, at(30));
    const other = await sessions.start('entry-b', NOW, at(30));
    const stored = await database().collection(PERSONAL_SESSIONS_COLLECTION).find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain(token);

    await expect(sessions.entryOf(token, at(29))).resolves.toBe('entry-a');
    await expect(sessions.entryOf(other, at(29))).resolves.toBe('entry-b');
    await expect(sessions.entryOf(token, at(30))).resolves.toBeUndefined();
    await expect(sessions.entryOf(`${token.slice(0, 42)}x`, NOW)).resolves.toBeUndefined();
    await expect(sessions.entryOf('{"$ne":""}', NOW)).resolves.toBeUndefined();

    await sessions.end(token);
    await expect(sessions.entryOf(token, NOW)).resolves.toBeUndefined();
    await expect(sessions.entryOf(other, NOW)).resolves.toBe('entry-b');
    await sessions.endAllOf('entry-b');
    await expect(sessions.entryOf(other, NOW)).resolves.toBeUndefined();
  });

  it('forgets expired sessions', async () => {
    const sessions = sessionsOn(database());
    await sessions.start('entry-a', NOW, at(30));
    await sessions.start('entry-b', NOW, at(60));
    await expect(sessions.discardExpiredBefore(at(45))).resolves.toBe(1);
    await expect(
      database().collection(PERSONAL_SESSIONS_COLLECTION).countDocuments(),
    ).resolves.toBe(1);
  });
});
