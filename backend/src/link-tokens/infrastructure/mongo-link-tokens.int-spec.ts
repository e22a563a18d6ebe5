import mongoose, { type Connection } from 'mongoose';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { hashSecretToken as linkTokenHash } from '../../common/domain/secret-token.js';
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

const NOW = new Date('2026-11-20T10:15:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('MongoLinkTokens against the real database', () => {
  let connection: Connection;
  let tokens: MongoLinkTokens;

  beforeAll(async () => {
    mongoose.set('bufferCommands', false);
    connection = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
  });

  beforeEach(async () => {
    await connection.dropDatabase();
    tokens = linkTokensOn(connection);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const issue = (subject = 'entry-1') =>
    tokens.issue({ purpose: 'waitlist-confirmation', subject, issuedAt: NOW, expiresAt: at(72) });

  it('issues 256-bit base64url tokens and stores only their SHA-256', async () => {
    const token = await issue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await connection.collection('link_tokens').find({}).toArray();
    expect(stored).toEqual([
      {
        _id: linkTokenHash(token) as never,
        purpose: 'waitlist-confirmation',
        subject: 'entry-1',
        issuedAt: NOW,
        expiresAt: at(72),
      },
    ]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(new Set(await Promise.all([issue(), issue(), issue()])).size).toBe(3);
  });

  it('tells valid, expired and unknown tokens apart, and refuses another purpose', async () => {
    const token = await issue();
    await expect(tokens.check(token, 'waitlist-confirmation', at(71))).resolves.toMatchObject({
      status: 'valid',
      subject: 'entry-1',
      usedAt: undefined,
    });
    await expect(tokens.check(token, 'waitlist-confirmation', at(72))).resolves.toMatchObject({
      status: 'expired',
    });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const other of [tampered, token.slice(0, 20), '', `${token}x`]) {
      await expect(tokens.check(other, 'waitlist-confirmation', NOW)).resolves.toEqual({
        status: 'unknown',
      });
    }
    await expect(tokens.check(token, 'personal-link', NOW)).resolves.toEqual({ status: 'unknown' });
  });

  it('lets exactly one of many racing callers use a token', async () => {
    const token = await issue();
    const others = await Promise.all(
      [1, 2].map(() => mongoose.createConnection(testDatabaseUri('int')).asPromise()),
    );
    try {
      const instances = [tokens, ...others.map((own) => linkTokensOn(own))];
      const firsts = await Promise.all(
        instances.flatMap((instance) => [1, 2, 3].map(() => instance.markUsed(token, at(1)))),
      );
      expect(firsts.filter(Boolean)).toHaveLength(1);
      await expect(tokens.check(token, 'waitlist-confirmation', at(2))).resolves.toMatchObject({
        usedAt: at(1),
      });
      await expect(tokens.markUsed('never-issued', at(1))).resolves.toBe(false);
    } finally {
      await Promise.all(others.map((own) => own.close()));
    }
  });

  it('forgets tokens (and their uses) of the given purposes expired before a time', async () => {
    const old = await issue('old');
    await tokens.markUsed(old, at(1));
    const fresh = await tokens.issue({
      purpose: 'waitlist-confirmation',
      subject: 'fresh',
      issuedAt: at(100),
      expiresAt: at(172),
    });
    const anotherModules = await tokens.issue({
      purpose: 'deal-review',
      subject: 'deal-1:1',
      issuedAt: at(0),
      expiresAt: at(2),
    });
    await expect(
      tokens.discardExpiredBefore(at(100), ['waitlist-confirmation', 'personal-link']),
    ).resolves.toBe(1);
    // Only the purposes named: another module's expired link is its own to prune.
    await expect(tokens.check(anotherModules, 'deal-review', at(100))).resolves.toMatchObject({
      status: 'expired',
    });
    await expect(tokens.check(old, 'waitlist-confirmation', at(100))).resolves.toEqual({
      status: 'unknown',
    });
    await expect(tokens.check(fresh, 'waitlist-confirmation', at(100))).resolves.toMatchObject({
      status: 'valid',
    });
    expect(await connection.collection('link_token_uses').countDocuments()).toBe(0);
  });
});
