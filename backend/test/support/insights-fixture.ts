import type { DealFacts, MilestoneFacts } from '../../src/insights/domain/deal-facts.js';

/**
 * The insights' hand-computed fixture (#40): 53 deals of one creator with three brands, every
 * time a whole number of days (or a stated fraction) after BASE, 1 June 2025 00:00 IST. The
 * figures each test expects are worked out by hand in docs/insights.md's terms, in the spec.
 *
 * - Glow (20 deals, i = 1…20, ₹10,000 each): funded on day i, submitted 2 days later, approved a
 *   day after that (by the brand for i ≤ 12, automatically after), released (i mod 5) + 1 days
 *   after submission, settled a day after release for i ≤ 10. Deals 1–3 were sent back for
 *   changes half a day after submission: 1, 2 and 1 rounds.
 * - Kavya Foods (21 deals, j = 1…21, ₹20,000 each): funded on day j; for j ≤ 15 submitted a day
 *   later, the approval window ending 7 days after that; j > 15 still funded, due 1 July.
 * - Zest (12 deals, k = 1…12, ₹5,000 each): k ≤ 5 funded on day 30 and refunded on day 40 (the
 *   deal cancelled); k = 6…8 funded on day 30, disputed on day 35; k = 9…11 accepted, never
 *   funded; k = 12 funded on day 30, submitted 31, disputed 32, released by an admin's decision
 *   (approved) on day 33, not yet released.
 */
export const BASE = Date.parse('2025-05-31T18:30:00Z');
export const DAY = 86_400_000;
export const at = (days: number) => BASE + days * DAY;

function milestone(id: string, overrides: Partial<MilestoneFacts>): MilestoneFacts {
  return {
    id,
    name: `Milestone ${id}`,
    amountPaise: 0,
    state: 'pending',
    dueDate: '2025-07-01',
    fundedAt: null,
    firstSubmittedAt: null,
    approvalDueAt: null,
    approvedAt: null,
    approvedBy: null,
    releasedAt: null,
    settledAt: null,
    refundedAt: null,
    changeRequests: [],
    disputedAt: null,
    ...overrides,
  };
}

export function dealOf(
  dealId: string,
  brandName: string,
  milestones: readonly MilestoneFacts[],
  overrides: Partial<DealFacts> = {},
): DealFacts {
  return {
    dealId,
    revision: 1,
    creatorId: 'creator-asha',
    creatorName: 'Asha Rao',
    title: `Deal ${dealId}`,
    brandKey: brandName.toLowerCase(),
    brandName,
    brandAccountId: null,
    state: 'accepted',
    acceptedAt: BASE,
    approvalWindowDays: 7,
    milestones,
    ...overrides,
  };
}

const ROUNDS: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 1 };

function glow(i: number): DealFacts {
  const submitted = at(i + 2);
  const released = submitted + ((i % 5) + 1) * DAY;
  const rounds = ROUNDS[i] ?? 0;
  return dealOf(`glow-${String(i)}`, 'Glow', [
    milestone(`g${String(i)}`, {
      amountPaise: 1_000_000,
      state: i <= 10 ? 'settled' : 'released',
      fundedAt: at(i),
      firstSubmittedAt: submitted,
      approvedAt: submitted + DAY,
      approvedBy: i <= 12 ? 'brand' : 'automatic',
      releasedAt: released,
      settledAt: i <= 10 ? released + DAY : null,
      changeRequests: Array.from({ length: rounds }, (_, round) => submitted + DAY / 2 + round),
    }),
  ]);
}

function kavya(j: number): DealFacts {
  const submitted = j <= 15 ? at(j + 1) : null;
  return dealOf(`kavya-${String(j)}`, 'Kavya Foods', [
    milestone(`k${String(j)}`, {
      amountPaise: 2_000_000,
      state: submitted ? 'submitted' : 'funded',
      fundedAt: at(j),
      firstSubmittedAt: submitted,
      approvalDueAt: submitted ? submitted + 7 * DAY : null,
    }),
  ]);
}

function zest(k: number): DealFacts {
  const id = `z${String(k)}`;
  const amountPaise = 500_000;
  if (k <= 5)
    return dealOf(
      `zest-${String(k)}`,
      'Zest',
      [milestone(id, { amountPaise, state: 'refunded', fundedAt: at(30), refundedAt: at(40) })],
      { state: 'cancelled' },
    );
  if (k <= 8)
    return dealOf(`zest-${String(k)}`, 'Zest', [
      milestone(id, { amountPaise, state: 'disputed', fundedAt: at(30), disputedAt: at(35) }),
    ]);
  if (k <= 11) return dealOf(`zest-${String(k)}`, 'Zest', [milestone(id, { amountPaise })]);
  return dealOf(`zest-${String(k)}`, 'Zest', [
    milestone(id, {
      amountPaise,
      state: 'approved',
      fundedAt: at(30),
      firstSubmittedAt: at(31),
      disputedAt: at(32),
      approvedAt: at(33),
      approvedBy: 'admin',
    }),
  ]);
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

export const FIXTURE: readonly DealFacts[] = [
  ...range(20).map(glow),
  ...range(21).map(kavya),
  ...range(12).map(zest),
];
