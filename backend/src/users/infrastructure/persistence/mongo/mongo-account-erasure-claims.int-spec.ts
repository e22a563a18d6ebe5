import { SystemClock } from '../../../../common/infrastructure/system-clock.js';
import { databaseEmptiedBeforeEachTest } from '../../../../../test/support/int-database.js';
import { AccountErasureGate } from '../../../application/account-erasure-gate.js';
import { AccountErasedError } from '../../../domain/account-erasure.errors.js';
import { MongoAccountErasureClaims } from './mongo-account-erasure-claims.js';

/** The erasure-versus-money protocol on the real database, its races run for real. */
describe('MongoAccountErasureClaims (FerretDB)', () => {
  const connection = databaseEmptiedBeforeEachTest();
  const gate = () =>
    new AccountErasureGate(new MongoAccountErasureClaims(connection()), new SystemClock());

  it('records one decision per attempt: of racing erase and money decisions, exactly one wins', async () => {
    const claims = new MongoAccountErasureClaims(connection());
    const at = new Date();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const id = `attempt-${String(attempt)}`;
      const won = await Promise.all([
        claims.decide(id, 'erase', at),
        claims.decide(id, 'money', at),
        claims.decide(id, 'erase', at),
      ]);
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });

  it('an erasure and a money move racing on one account: never both — the money is held or the account erased', async () => {
    // The money state the erasure reads: the move writes it (as a payment's ledger line and
    // milestone move would) while marked under way.
    const held = new Set<string>();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const accountId = `acct-${String(index)}`;
        const [erasure, move] = await Promise.all([
          gate().decideErasure(accountId, () =>
            Promise.resolve(held.has(accountId) ? ['funded'] : []),
          ),
          gate()
            .duringMoneyMove([accountId], () => {
              held.add(accountId);
              return Promise.resolve('moved' as const);
            })
            .catch((error: unknown) => {
              if (error instanceof AccountErasedError) return 'refused' as const;
              throw error;
            }),
        ]);
        return { erased: erasure.erase, move };
      }),
    );
    for (const outcome of outcomes) {
      expect(outcome).toEqual(
        outcome.erased ? { erased: true, move: 'refused' } : { erased: false, move: 'moved' },
      );
    }
  });

  it('a claim of a withdrawn attempt is gone; the money moves under way are a key range per account', async () => {
    const claims = new MongoAccountErasureClaims(connection());
    const at = new Date();
    await claims.claim({ accountId: 'a', attempt: 'x', claimedAt: at });
    await claims.withdraw('a', 'other');
    expect(await claims.find('a')).toMatchObject({ attempt: 'x' });
    await claims.withdraw('a', 'x');
    expect(await claims.find('a')).toBeUndefined();
    await claims.beginMoneyMove('ab', 'm1', at);
    expect(await claims.moneyMoveUnderway('a', new Date(at.getTime() - 1000))).toBe(false);
    expect(await claims.moneyMoveUnderway('ab', new Date(at.getTime() - 1000))).toBe(true);
    await claims.endMoneyMove('ab', 'm1');
    expect(await claims.moneyMoveUnderway('ab', new Date(at.getTime() - 1000))).toBe(false);
  });
});
