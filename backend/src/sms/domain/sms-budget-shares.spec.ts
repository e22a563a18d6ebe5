import { halfBudgetMark, smsBudgetShares } from './sms-budget-shares.js';

describe('smsBudgetShares: the hourly SMS budget shared out (#36)', () => {
  it.each([
    [500, { general: 300, knownNumbers: 100, challenged: 100 }],
    [10, { general: 6, knownNumbers: 2, challenged: 2 }],
    [5, { general: 3, knownNumbers: 1, challenged: 1 }],
    [1, { general: 1, knownNumbers: 1, challenged: 1 }],
  ])('shares %i as %j', (budget, shares) => {
    expect(smsBudgetShares(budget)).toEqual(shares);
  });

  it('alerts at half the hourly budget, which the general share always reaches', () => {
    for (const budget of [1, 2, 3, 5, 10, 500, 1_000_000]) {
      expect(halfBudgetMark(budget)).toBeLessThanOrEqual(smsBudgetShares(budget).general);
    }
    expect(halfBudgetMark(500)).toBe(250);
  });
});
