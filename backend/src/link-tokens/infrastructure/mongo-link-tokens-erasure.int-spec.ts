import type { Connection } from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { modelOn } from '../../../test/support/model-on.js';
import {
  LinkTokenRecord,
  LinkTokenSchema,
  LinkTokenUseRecord,
  LinkTokenUseSchema,
  MongoLinkTokens,
} from './mongo-link-tokens.js';

const linkTokensOn = (connection: Connection) =>
  new MongoLinkTokens(
    modelOn(connection, LinkTokenRecord.name, LinkTokenSchema),
    modelOn(connection, LinkTokenUseRecord.name, LinkTokenUseSchema),
  );

const NOW = new Date('2026-11-23T08:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

describe('MongoLinkTokens.discardFor (erasure, #13) against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  it('discards every token of a subject, with its uses, and no other', async () => {
    const tokens = linkTokensOn(database());
    const issue = (subject: string, purpose: 'personal-link' | 'email-change') =>
      tokens.issue({ purpose, subject, issuedAt: NOW, expiresAt: at(60) });
    const used = await issue('entry-a', 'personal-link');
    await tokens.markUsed(used, NOW);
    await issue('entry-a', 'email-change');
    const kept = await issue('entry-b', 'personal-link');

    await expect(tokens.discardFor('entry-a')).resolves.toBe(2);
    await expect(tokens.discardFor('entry-a')).resolves.toBe(0);
    await expect(database().collection('link_token_uses').countDocuments()).resolves.toBe(0);
    await expect(tokens.check(used, 'personal-link', NOW)).resolves.toEqual({ status: 'unknown' });
    await expect(tokens.check(kept, 'personal-link', NOW)).resolves.toMatchObject({
      status: 'valid',
      subject: 'entry-b',
    });
  });
});
