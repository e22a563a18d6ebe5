import { at, dealOf, FIXTURE } from '../../../test/support/insights-fixture.js';
import { brandDuesOf } from './brand-dues.js';
import { financialYear } from './india-time.js';
import { comingOf, insightsOf } from './insights.js';

const LATER = new Date('2026-06-15T06:30:00Z');

describe('insights from the hand-computed fixture', () => {
  const insights = insightsOf(FIXTURE, financialYear(2025), LATER);

  it('names the slow-to-fund brand against the others, with its milestones as evidence', () => {
    // Zest: 30 days × 9; the others: (1 + … + 20 + 1 + … + 21) / 41 = 441 / 41 = 10.8.
    const slow = insights.find((insight) => insight.kind === 'slow_funding');
    expect(slow?.sentence).toBe('Zest took 30 days to fund on average, your other brands 10.8.');
    expect(slow?.evidence).toHaveLength(9);
    expect(slow?.evidence[0]).toEqual({
      dealId: 'zest-1',
      milestoneId: 'z1',
      title: 'Deal zest-1: Milestone z1',
    });
  });

  it('adds the submitted milestones due to be released, by their last approval date', () => {
    // Kavya j ≤ 15: 15 × ₹20,000; the last window ends on day 15 + 1 + 7 = 23: 24 June.
    const due = insights.find((insight) => insight.kind === 'due_for_release');
    expect(due?.sentence).toBe(
      '₹3,00,000 is due to be released by 24 June if nothing is disputed.',
    );
    expect(due?.evidence).toHaveLength(15);
  });

  it('counts the milestones waiting for funding longer than 7 days', () => {
    const waiting = insights.find((insight) => insight.kind === 'waiting_for_funding');
    expect(waiting?.sentence).toBe('3 milestones wait for funding longer than 7 days.');
    expect(waiting?.evidence.map((item) => item.milestoneId)).toEqual(['z9', 'z10', 'z11']);
  });

  it('says nothing when there is nothing to say', () => {
    expect(insightsOf([], financialYear(2025), LATER)).toEqual([]);
    // One brand alone is compared with nobody.
    expect(insightsOf(FIXTURE.slice(0, 20), financialYear(2025), LATER)).toEqual([]);
  });

  it("lays out what's coming by India day from today", () => {
    const now = new Date(at(10));
    const coming = comingOf(FIXTURE, now);
    // Today (11 June): Zest 12 releasing (₹5,000) and Kavya 1 and 2, whose windows ended.
    expect(coming[0]).toMatchObject({ date: '2025-06-11', amountPaise: 4_500_000 });
    // 24 June: Kavya 15's window ends (₹20,000) and Glow 14 settles (released day 21, +2 days).
    expect(coming.find((day) => day.date === '2025-06-24')).toMatchObject({
      amountPaise: 3_000_000,
    });
    // Kavya 16–21, funded, due 1 July: expected after the 7-day approval window, 8 July.
    expect(coming.at(-1)).toMatchObject({ date: '2025-07-08', amountPaise: 12_000_000 });
    expect(coming.flatMap((day) => day.items.map((item) => item.reason))).not.toContain(undefined);
  });
});

describe("the brand's mirror", () => {
  it('lists funding due, approvals due with their automatic approval dates, and paid per creator', () => {
    const deals = [
      ...FIXTURE.filter((deal) => deal.brandKey === 'kavya foods').slice(14, 17),
      ...FIXTURE.filter((deal) => deal.brandKey === 'zest').slice(8, 9),
      ...FIXTURE.slice(0, 2).map((deal) => ({
        ...deal,
        creatorId: 'creator-ravi',
        creatorName: 'Ravi Kumar',
      })),
      dealOf('other', 'Glow', FIXTURE[2]?.milestones ?? []),
    ];
    const dues = brandDuesOf(deals);
    expect(dues.fundingDuePaise).toBe(500_000);
    expect(dues.approvalsDuePaise).toBe(2_000_000);
    expect(dues.dues.find((due) => due.kind === 'approval')).toMatchObject({
      milestoneId: 'k15',
      autoApprovesAt: at(23),
    });
    expect(dues.paid).toEqual([
      { creatorId: 'creator-ravi', creatorName: 'Ravi Kumar', paidPaise: 2_000_000, milestones: 2 },
      { creatorId: 'creator-asha', creatorName: 'Asha Rao', paidPaise: 1_000_000, milestones: 1 },
    ]);
  });
});

describe('a page costs what it shows', () => {
  const now = new Date('2026-06-15T06:30:00Z');
  const submitted = (index: number) => ({
    id: `m${String(index)}`,
    name: `Milestone m${String(index)}`,
    amountPaise: (index + 1) * 1_000_00,
    state: 'submitted' as const,
    dueDate: '2026-06-01',
    fundedAt: now.getTime() - 5 * 86_400_000,
    firstSubmittedAt: now.getTime() - 86_400_000,
    approvalDueAt: now.getTime() + 86_400_000,
    approvedAt: null,
    approvedBy: null,
    releasedAt: null,
    settledAt: null,
    refundedAt: null,
    changeRequests: [],
    disputedAt: null,
  });
  const deals = [
    dealOf(
      'many',
      'Zest',
      Array.from({ length: 25 }, (_, index) => submitted(index)),
    ),
  ];

  it("lists the first 20 of an insight's evidence and counts them all", () => {
    const due = insightsOf(deals, financialYear(2026), now).find(
      (insight) => insight.kind === 'due_for_release',
    );
    expect(due?.sentence).toBe(
      '₹3,25,000 is due to be released by 16 June if nothing is disputed.',
    );
    expect(due?.evidence).toHaveLength(20);
    expect(due?.evidenceCount).toBe(25);
  });

  it("lists a day's 20 largest amounts and counts them all, its total over every one", () => {
    const [day] = comingOf(deals, now);
    expect(day?.itemCount).toBe(25);
    expect(day?.items).toHaveLength(20);
    expect(day?.items[0]?.amountPaise).toBe(25_000_00);
    expect(day?.amountPaise).toBe(3_25_000_00);
  });
});
