import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import type { Invite } from '../domain/invite.js';
import { modelOn } from '../../../test/support/model-on.js';
import {
  InviteClaimRecord,
  InviteClaimSchema,
  InviteRecord,
  InviteSchema,
  InviteWaveRecord,
  InviteWaveSchema,
} from './invite.schemas.js';
import { MongoInviteStore } from './mongo-invite.store.js';

const NOW = new Date('2026-11-23T06:00:00Z');
const DAY = 86_400_000;

function invite(store: MongoInviteStore, n: number, overrides: Partial<Invite> = {}): Invite {
  return {
    id: store.nextId(),
    entryId: n.toString(16).padStart(24, '0'),
    waveId: 'wave-1',
    email: `person${n}@example.com`,
    name: `Person ${n}`,
    codeHash: `hash-${n}-${Math.random()}`,
    createdAt: NOW,
    sentAt: NOW,
    sendCount: 1,
    expiresAt: new Date(NOW.getTime() + 14 * DAY),
    ...overrides,
  };
}

/** Two API instances' stores: each its own connection to one database. */
describe('the invite store on the real database', () => {
  let connections: Connection[];
  let stores: MongoInviteStore[];
  const first = () => stores[0] as MongoInviteStore;
  const second = () => stores[1] as MongoInviteStore;

  beforeAll(async () => {
    connections = [1, 2].map(() => mongoose.createConnection(testDatabaseUri('int')));
    for (const connection of connections) await waitForDatabase(connection);
  });

  beforeEach(async () => {
    await connections[0]?.dropDatabase();
    stores = connections.map(
      (connection) =>
        new MongoInviteStore(
          modelOn(connection, InviteRecord.name, InviteSchema),
          modelOn(connection, InviteClaimRecord.name, InviteClaimSchema),
          modelOn(connection, InviteWaveRecord.name, InviteWaveSchema),
        ),
    );
  });

  afterAll(async () => {
    await connections[0]?.dropDatabase();
    for (const connection of connections) await connection.close();
  });

  it('keeps one invite per entry, even when two instances invite it at once', async () => {
    const a = invite(first(), 1);
    const b = invite(second(), 1);
    const [fromFirst, fromSecond] = await Promise.all([
      first().addMany([a, invite(first(), 2)]),
      second().addMany([b]),
    ]);
    const refused = [...fromFirst.alreadyInvited, ...fromSecond.alreadyInvited];
    expect(refused).toEqual([a.entryId]);
    const stored = await first().findByEntryIds([a.entryId, invite(first(), 2).entryId]);
    expect(stored).toHaveLength(2);
  });

  it('finds an invite by the hash of its code, and by its entry', async () => {
    const stored = invite(first(), 3);
    await first().addMany([stored]);
    expect(await second().findByCodeHash(stored.codeHash)).toMatchObject({
      id: stored.id,
      entryId: stored.entryId,
      email: 'person3@example.com',
    });
    expect(await second().findByEntryId(stored.entryId)).toMatchObject({ id: stored.id });
    expect(await second().findByCodeHash('unknown')).toBeUndefined();
  });

  it('lets exactly one of twenty simultaneous claims over two connections win', async () => {
    const stored = invite(first(), 4);
    await first().addMany([stored]);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? second() : first()).claim({
          inviteId: stored.id,
          outcome: 'redeemed',
          at: NOW,
          userId: `user-${index}`,
          googleId: `google-${index}`,
        }),
      ),
    );
    expect(outcomes.filter(({ won }) => won)).toHaveLength(1);
    const winner = await first().findClaim(stored.id);
    for (const outcome of outcomes.filter(({ won }) => !won)) {
      expect(outcome).toEqual({ won: false, existing: winner });
    }
  });

  it('a revocation and a redemption: whichever claims first decides', async () => {
    const stored = invite(first(), 5);
    await first().addMany([stored]);
    expect(await first().claim({ inviteId: stored.id, outcome: 'revoked', at: NOW })).toEqual({
      won: true,
    });
    const late = await second().claim({
      inviteId: stored.id,
      outcome: 'redeemed',
      at: NOW,
      userId: 'u',
      googleId: 'g',
    });
    expect(late).toMatchObject({ won: false, existing: { outcome: 'revoked' } });
  });

  it('gives back only the releasing claim', async () => {
    const stored = invite(first(), 6);
    await first().addMany([stored]);
    const claim = { inviteId: stored.id, outcome: 'redeemed' as const, at: NOW, userId: 'u1' };
    await first().claim({ ...claim, googleId: 'g1' });
    await first().releaseClaim(stored.id, 'someone-else');
    expect(await first().findClaim(stored.id)).toBeDefined();
    await first().releaseClaim(stored.id, 'u1');
    expect(await first().findClaim(stored.id)).toBeUndefined();
  });

  it('of two simultaneous re-sends, one replaces the code', async () => {
    const stored = invite(first(), 7);
    await first().addMany([stored]);
    const later = new Date(NOW.getTime() + DAY);
    const results = await Promise.all([
      first().replaceCode(stored.id, 2, 'hash-a', later, later),
      second().replaceCode(stored.id, 2, 'hash-b', later, later),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const now = await first().findByEntryId(stored.entryId);
    expect(now?.sendCount).toBe(2);
    expect(['hash-a', 'hash-b']).toContain(now?.codeHash);
  });

  it("counts each wave's funnel", async () => {
    const invites = [1, 2, 3, 4].map((n) => invite(first(), 10 + n));
    await first().addMany(invites);
    await first().addWave({
      id: 'wave-1',
      at: NOW,
      actorUserId: 'admin',
      selection: 'next',
      invited: 4,
      resent: 0,
    });
    const [a, b, c] = invites;
    await first().markRedeemed(a?.id ?? '', { userId: 'u', email: 'u@gmail.com' }, NOW);
    await first().markRevoked(b?.id ?? '', NOW);
    await first().replaceCode(c?.id ?? '', 2, 'hash-c2', NOW, new Date(NOW.getTime() + 30 * DAY));
    const [wave] = await second().funnel(new Date(NOW.getTime() + 20 * DAY));
    expect(wave).toEqual({
      waveId: 'wave-1',
      at: NOW,
      selection: 'next',
      invited: 4,
      pending: 1,
      redeemed: 1,
      expired: 1,
      revoked: 1,
    });
  });

  it('forgets an erased entry: nothing personal left in invites or claims, the funnel counts the same', async () => {
    const [redeemed, pending, other] = [1, 2, 3].map((n) => invite(first(), 30 + n));
    await first().addMany([redeemed, pending, other].filter((i) => i !== undefined));
    await first().addWave({
      id: 'wave-1',
      at: NOW,
      actorUserId: 'admin',
      selection: 'next',
      invited: 3,
      resent: 0,
    });
    await first().claim({
      inviteId: redeemed?.id ?? '',
      outcome: 'redeemed',
      at: NOW,
      userId: 'user-31',
      googleId: 'google-sub-31',
    });
    await first().markRedeemed(
      redeemed?.id ?? '',
      { userId: 'user-31', email: 'asha.creates@gmail.com' },
      NOW,
    );
    const later = new Date(NOW.getTime() + DAY);
    const before = await first().funnel(later);

    for (const erased of [redeemed, pending]) {
      // Two instances at once, then a rerun: the same result.
      await Promise.all([
        first().forgetEntry(erased?.entryId ?? '', later),
        second().forgetEntry(erased?.entryId ?? '', later),
      ]);
      await first().forgetEntry(erased?.entryId ?? '', later);
      expect(await first().findByEntryId(erased?.entryId ?? '')).toBeUndefined();
      expect(await first().findByCodeHash(erased?.codeHash ?? '')).toBeUndefined();
    }

    const database = connections[0]?.db;
    const stored = JSON.stringify([
      ...((await database?.collection('invites').find().toArray()) ?? []),
      ...((await database?.collection('invite_claims').find().toArray()) ?? []),
      ...((await database?.collection('invite_waves').find().toArray()) ?? []),
    ]);
    for (const trace of [
      'person31@example.com',
      'Person 31',
      'person32@example.com',
      'Person 32',
      redeemed?.entryId ?? '',
      pending?.entryId ?? '',
      redeemed?.codeHash ?? '',
      pending?.codeHash ?? '',
      'asha.creates@gmail.com',
      'user-31',
      'google-sub-31',
    ]) {
      expect(stored).not.toContain(trace);
    }
    expect(stored).toContain('person33@example.com'); // someone else's invite is untouched
    // The claim keeps its outcome: the redeemed invite still cannot be revoked or claimed.
    expect(await first().findClaim(redeemed?.id ?? '')).toMatchObject({ outcome: 'redeemed' });
    expect(
      await first().claim({ inviteId: redeemed?.id ?? '', outcome: 'revoked', at: later }),
    ).toMatchObject({ won: false });
    // Still one invite per row of the funnel; the erased pending one no longer works: expired.
    const [wave] = await second().funnel(later);
    expect(wave).toEqual({
      ...before[0],
      pending: (before[0]?.pending ?? 0) - 1,
      expired: (before[0]?.expired ?? 0) + 1,
    });
    expect(wave).toMatchObject({ invited: 3, redeemed: 1, pending: 1, expired: 1 });
    // A sign-up that claimed the pending invite just before the erasure completes: counted, unnamed.
    await first().markRedeemed(
      pending?.id ?? '',
      { userId: 'user-32', email: 'x@gmail.com' },
      later,
    );
    const redacted = await connections[0]?.db
      ?.collection('invites')
      .findOne({ _id: pending?.id as never });
    expect(JSON.stringify(redacted)).not.toContain('x@gmail.com');
    expect(redacted).toMatchObject({ redeemedAt: later });
    // A new invite for the same person (joined again: a new entry) is stored as usual.
    expect(await first().addMany([invite(first(), 40)])).toEqual({ alreadyInvited: [] });
  });
});
