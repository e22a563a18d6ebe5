import { FakeClock } from '../../../test/support/fake-clock.js';
import { InMemoryAccountErasureClaims } from '../../../test/support/in-memory-erasure-claims.js';
import { AccountErasedError } from '../domain/account-erasure.errors.js';
import { AccountErasureGate, ERASURE_CLAIM_STALE_MS } from './account-erasure-gate.js';

/** Each interleaving of an erasure and a money move: the money wins every race it is in. */
describe('AccountErasureGate', () => {
  const setup = () => {
    const clock = new FakeClock(new Date('2026-11-28T06:00:00Z'));
    const claims = new InMemoryAccountErasureClaims();
    return { clock, claims, gate: new AccountErasureGate(claims, clock) };
  };
  const none = () => Promise.resolve([] as string[]);

  it('erases an account with no money and no move under way', async () => {
    const { gate } = setup();
    await expect(gate.decideErasure('asha', none)).resolves.toMatchObject({ erase: true });
    expect(await gate.isErased('asha')).toBe(true);
  });

  it('refuses while money is held, and withdraws its claim (a later erasure may go ahead)', async () => {
    const { gate, claims } = setup();
    const refused = await gate.decideErasure('asha', () => Promise.resolve(['funded']));
    expect(refused).toEqual({ erase: false, hold: 'money', blockers: ['funded'] });
    expect(claims.claims.size).toBe(0);
    await expect(gate.decideErasure('asha', none)).resolves.toMatchObject({ erase: true });
  });

  it('a money move under way refuses the erasure', async () => {
    const { gate } = setup();
    const outcome = await gate.duringMoneyMove(['asha', 'glow'], () =>
      gate.decideErasure('glow', none),
    );
    expect(outcome).toEqual({ erase: false, hold: 'money_moving', blockers: [] });
  });

  it('a money move arriving between the erasure’s claim and its decision wins: the erasure is refused', async () => {
    const { gate } = setup();
    let moved = false;
    const outcome = await gate.decideErasure('asha', async () => {
      // The payment webhook lands after the erasure read the moves under way.
      moved = await gate.duringMoneyMove(['asha'], () => Promise.resolve(true));
      return [];
    });
    expect(moved).toBe(true);
    expect(outcome).toMatchObject({ erase: false, hold: 'money_moving' });
    expect(await gate.isErased('asha')).toBe(false);
  });

  it('a money move after the erasure was decided is refused before it moves anything', async () => {
    const { gate } = setup();
    await gate.decideErasure('asha', none);
    let moved = false;
    const move = () => {
      moved = true;
      return Promise.resolve(true);
    };
    await expect(gate.duringMoneyMove(['glow', 'asha'], move)).rejects.toThrow(AccountErasedError);
    expect(moved).toBe(false);
  });

  it('a second erasure while one is deciding is told it is in progress; a stale one is retaken', async () => {
    const { gate, claims, clock } = setup();
    await claims.claim({ accountId: 'asha', attempt: 'stopped', claimedAt: clock.now() });
    await expect(gate.decideErasure('asha', none)).resolves.toMatchObject({
      erase: false,
      hold: 'erasure_in_progress',
    });
    clock.advance(ERASURE_CLAIM_STALE_MS + 1);
    await expect(gate.decideErasure('asha', none)).resolves.toMatchObject({ erase: true });
  });

  it('an erasure decided but cut short is answered as decided (its steps are finished)', async () => {
    const { gate } = setup();
    const first = await gate.decideErasure('asha', none);
    await expect(gate.decideErasure('asha', none)).resolves.toEqual(first);
  });
});
