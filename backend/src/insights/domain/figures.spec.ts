import { at, BASE, DAY, dealOf, FIXTURE } from '../../../test/support/insights-fixture.js';
import type { MilestoneFacts } from './deal-facts.js';
import { analyticsOf, figuresOf } from './figures.js';
import { customPeriod, financialYear } from './india-time.js';

/** Long after the fixture's events: balances are taken at each period's end. */
const LATER = new Date('2026-06-15T06:30:00Z');
const FY = financialYear(2025);

describe('the analytics figures against the hand-computed fixture (53 deals)', () => {
  it('has at least 50 deals', () => {
    expect(FIXTURE.length).toBe(53);
  });

  describe('over the financial year 2025-26 (every move inside it)', () => {
    const figures = figuresOf(FIXTURE, FY, LATER);

    it('adds the money moved by the time of each move, and the balances at the year end', () => {
      expect(figures.money).toEqual({
        // Glow 20 × ₹10,000 + Kavya 21 × ₹20,000 + Zest 9 × ₹5,000
        fundedPaise: 66_500_000,
        releasedPaise: 20_000_000,
        settledPaise: 10_000_000,
        refundedPaise: 2_500_000,
        // Kavya 21 × ₹20,000 + Zest's 3 disputed and 1 approved × ₹5,000
        heldPaise: 44_000_000,
        releasingNowPaise: 500_000,
      });
    });

    it('takes the median and p90 of each speed (49 or 50 values, 20 and 10)', () => {
      // Acceptance → funding: 1…20 (Glow), 1…21 (Kavya), 30 × 9 (Zest): 50 values; the 25th
      // and 26th are both 13; rank ⌈45⌉ = 45 falls in the 30s (42nd to 50th).
      expect(figures.speed.acceptanceToFunding).toEqual({ count: 50, medianDays: 13, p90Days: 30 });
      // Submission → release: (i mod 5) + 1 for i = 1…20: four each of 1…5; 10th/11th = 3, 18th = 5.
      expect(figures.speed.submissionToRelease).toEqual({ count: 20, medianDays: 3, p90Days: 5 });
      expect(figures.speed.releaseToSettlement).toEqual({ count: 10, medianDays: 1, p90Days: 1 });
    });

    it('counts the flow: approvals by whom, rounds of changes, disputes and refunds', () => {
      expect(figures.flow).toEqual({
        approved: 21,
        approvedByBrand: 12,
        approvedAutomatically: 8,
        approvedAfterDispute: 1,
        sentBack: 3,
        averageRounds: 1.3,
        disputed: 4,
        refunded: 5,
      });
    });

    it('gives each brand its own figures, and the previous year nothing', () => {
      const analytics = analyticsOf(FIXTURE, FY, financialYear(2024), LATER);
      expect(analytics.brands.map((brand) => brand.brandName)).toEqual([
        'Glow',
        'Kavya Foods',
        'Zest',
      ]);
      const [glow, kavya, zest] = analytics.brands;
      // 1…20: 10th and 11th are 10 and 11; rank 18 is 18. 1…21 (odd): 11th; rank ⌈18.9⌉ = 19.
      expect(glow?.current.speed.acceptanceToFunding).toEqual({
        count: 20,
        medianDays: 10.5,
        p90Days: 18,
      });
      expect(kavya?.current.speed.acceptanceToFunding).toEqual({
        count: 21,
        medianDays: 11,
        p90Days: 19,
      });
      expect(kavya?.current.money.heldPaise).toBe(42_000_000);
      expect(zest?.current.money).toEqual({
        fundedPaise: 4_500_000,
        releasedPaise: 0,
        settledPaise: 0,
        refundedPaise: 2_500_000,
        heldPaise: 2_000_000,
        releasingNowPaise: 500_000,
      });
      expect(zest?.current.flow.disputed).toBe(4);
      expect(analytics.overall.previous.money.fundedPaise).toBe(0);
      expect(analytics.overall.previous.speed.submissionToRelease).toEqual({
        count: 0,
        medianDays: null,
        p90Days: null,
      });
    });
  });

  describe('over a partial period, 1 to 10 June 2025 (days 0–9)', () => {
    const figures = figuresOf(FIXTURE, customPeriod('2025-06-01', '2025-06-10', LATER), LATER);

    it('counts only the moves inside it, and the balances at its end', () => {
      // Funded: Glow i ≤ 9, Kavya j ≤ 9. Released on day i + 3 + (i mod 5) < 10: i = 1, 2, 3, 5.
      // Settled a day later, before day 10: i = 1, 2, 5.
      expect(figures.money).toEqual({
        fundedPaise: 27_000_000,
        releasedPaise: 4_000_000,
        settledPaise: 3_000_000,
        refundedPaise: 0,
        heldPaise: 23_000_000,
        // Approved on day i + 3 < 10 (i ≤ 6), not released by then: i = 4 and 6.
        releasingNowPaise: 2_000_000,
      });
    });

    it('takes even-count medians as the mean of the middle two', () => {
      // 1…9 twice (18 values): 9th and 10th are 5; rank ⌈16.2⌉ = 17 is 9.
      expect(figures.speed.acceptanceToFunding).toEqual({ count: 18, medianDays: 5, p90Days: 9 });
      // i = 1, 2, 3, 5 → 2, 3, 4, 1 days: median (2 + 3) / 2, rank ⌈3.6⌉ = 4.
      expect(figures.speed.submissionToRelease).toEqual({ count: 4, medianDays: 2.5, p90Days: 4 });
      // Approved on day i + 3 < 10: i ≤ 6, all by the brand; Glow 1–3 sent back (1, 2, 1 rounds).
      expect(figures.flow).toMatchObject({
        approved: 6,
        approvedByBrand: 6,
        sentBack: 3,
        averageRounds: 1.3,
      });
    });
  });

  it('puts a settlement at 23:30 IST on 31 March in the year ending that day', () => {
    const lastMinute = Date.parse('2026-03-31T18:00:00Z');
    const midnight = Date.parse('2026-03-31T18:30:00Z');
    const deal = (id: string, settledAt: number) =>
      dealOf(id, 'Glow', [
        {
          ...(FIXTURE[0]?.milestones[0] as MilestoneFacts),
          id,
          fundedAt: settledAt - 3 * DAY,
          releasedAt: settledAt - DAY,
          settledAt,
        },
      ]);
    const deals = [deal('late', lastMinute), deal('next', midnight)];
    expect(figuresOf(deals, financialYear(2025), LATER).money.settledPaise).toBe(1_000_000);
    expect(figuresOf(deals, financialYear(2026), LATER).money.settledPaise).toBe(1_000_000);
    expect(BASE).toBe(at(0));
  });
});
