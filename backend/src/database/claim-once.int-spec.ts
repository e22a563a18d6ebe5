import mongoose from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../test/support/int-database.js';
import { testDatabaseUri } from '../../test/support/test-database.js';
import { ClaimOnce } from './claim-once.js';

interface TurnClaim {
  _id: string;
  holder: string;
  at: Date;
}

const TURNS = { name: 'test_turn_claims', indexes: [{ key: { at: 1 }, name: 'at' }] };
const RACERS = 20;

describe('ClaimOnce against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  it('lets exactly one of many racing claims over two connections win, and reads the first back', async () => {
    const other = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
    try {
      const kits = [
        new ClaimOnce<TurnClaim>(database(), TURNS),
        new ClaimOnce<TurnClaim>(other, TURNS),
      ] as const;
      const at = new Date('2026-11-27T10:00:00.000Z');
      const outcomes = await Promise.all(
        Array.from({ length: RACERS }, (_, index) =>
          (index % 2 === 0 ? kits[0] : kits[1]).claimOrFirst({
            _id: 'turn:1',
            holder: `racer-${String(index)}`,
            at,
          }),
        ),
      );

      const winners = outcomes.filter((outcome) => outcome.won);
      expect(winners).toHaveLength(1);
      const stored = await kits[0].find('turn:1');
      for (const outcome of outcomes) {
        if (!outcome.won) expect(outcome.first).toEqual(stored);
      }
      expect(await database().collection('test_turn_claims').countDocuments()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('builds its indexes before the first claim, and removes and unsets what it is asked to', async () => {
    const kit = new ClaimOnce<TurnClaim>(database(), TURNS);
    const at = new Date('2026-11-27T10:00:00.000Z');

    await expect(kit.claim({ _id: 'a', holder: 'one', at })).resolves.toBe(true);
    await expect(kit.claim({ _id: 'a', holder: 'two', at })).resolves.toBe(false);
    await expect(kit.claim({ _id: 'b', holder: 'two', at })).resolves.toBe(true);

    const indexes = await database().collection('test_turn_claims').indexes();
    expect(indexes.map(({ name }) => name)).toContain('at');
    await expect(kit.exists({ holder: 'two' })).resolves.toBe(true);
    expect((await kit.list({}, 10)).map(({ _id }) => _id)).toEqual(['a', 'b']);
    await kit.unset('a', ['holder']);
    await expect(kit.find('a')).resolves.toEqual({ _id: 'a', at });
    await expect(kit.remove({ _id: 'a' })).resolves.toBe(1);
    // A removed claim can be claimed again.
    await expect(kit.claim({ _id: 'a', holder: 'three', at })).resolves.toBe(true);
  });
});
