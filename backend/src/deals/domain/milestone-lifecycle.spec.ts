import { readFileSync } from 'node:fs';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { DEAL_STATES, type Deal, type DealState, type Milestone } from './deal.js';
import {
  canMove,
  MILESTONE_ACTIONS,
  MILESTONE_STATES,
  MILESTONE_TRANSITIONS,
  type MilestoneAction,
  type MilestoneActor,
  type MilestoneDispute,
  type MilestoneState,
  moneyStepOf,
  type MoneyEffect,
  MONEY_DEAL_STATES,
  type MoveCondition,
  moveRefusal,
} from './milestone.js';
import { moveMilestone } from './milestone-move.js';

const ACTORS: readonly MilestoneActor[] = ['creator', 'brand', 'system', 'admin'];
const AT = new Date('2026-11-27T10:00:00Z');

interface Expected {
  readonly from: readonly MilestoneState[];
  readonly by: readonly MilestoneActor[];
  readonly dealStates: readonly DealState[];
  readonly requires?: MoveCondition;
  readonly money: MoneyEffect | null;
}

/** The lifecycle as docs/payments.md states it, written out independently of the table. */
const LIFECYCLE: Readonly<Record<MilestoneAction, Expected>> = {
  fund: {
    from: ['pending'],
    by: ['system'],
    dealStates: ['accepted'],
    money: { ledger: 'funded', gateway: 'order_with_held_transfer' },
  },
  submit: {
    from: ['funded', 'changes_requested'],
    by: ['creator'],
    dealStates: ['accepted'],
    money: null,
  },
  approve: { from: ['submitted'], by: ['brand', 'system'], dealStates: ['accepted'], money: null },
  request_changes: {
    from: ['submitted'],
    by: ['brand'],
    dealStates: ['accepted'],
    requires: 'round_left',
    money: null,
  },
  dispute: {
    from: ['funded', 'submitted', 'changes_requested'],
    by: ['creator', 'brand'],
    dealStates: ['accepted'],
    money: null,
  },
  answer_dispute: {
    from: ['disputed'],
    by: ['creator', 'brand'],
    dealStates: ['accepted'],
    requires: 'answer_open',
    money: null,
  },
  resolve_release: { from: ['disputed'], by: ['admin'], dealStates: ['accepted'], money: null },
  resolve_refund: { from: ['disputed'], by: ['admin'], dealStates: ['accepted'], money: null },
  release: {
    from: ['approved'],
    by: ['system'],
    dealStates: ['accepted', 'cancelled'],
    money: { ledger: 'released', gateway: 'release_transfer' },
  },
  settle: {
    from: ['released'],
    by: ['system'],
    dealStates: ['accepted', 'completed', 'cancelled'],
    money: { ledger: 'settled', gateway: 'read_settlement' },
  },
  refund: {
    from: ['funded', 'disputed'],
    by: ['system'],
    dealStates: ['accepted', 'cancelled'],
    requires: 'refund_due',
    money: { ledger: 'refunded', gateway: 'reverse_and_refund' },
  },
};

function dealIn(state: string, extra: Partial<{ cancellation: unknown }> = {}) {
  return { state, revisionRounds: 2, ...extra };
}

function milestoneIn(state: MilestoneState, extra: Partial<Milestone> = {}): Milestone {
  return milestoneRecord({ id: 'm1', state, ...extra });
}

const decidedRefund = (): Milestone =>
  milestoneIn('disputed', {
    dispute: {
      id: 'x1',
      openedBy: 'brand',
      reason: 'Not posted',
      at: AT,
      frozenFrom: 'funded',
      answer: null,
      resolution: { decision: 'refund', note: 'Refund', at: AT, by: 'admin-1' },
    },
  });

/** A milestone disputed by `openedBy`, with the other side's answer and the decision as given. */
const disputedBy = (
  openedBy: 'creator' | 'brand',
  extra: Partial<Pick<MilestoneDispute, 'answer' | 'resolution'>> = {},
): Milestone =>
  milestoneIn('disputed', {
    dispute: {
      id: 'x2',
      openedBy,
      reason: 'Not posted',
      at: AT,
      frozenFrom: 'submitted',
      answer: null,
      resolution: null,
      ...extra,
    },
  });

describe('the milestone lifecycle table', () => {
  it('names only deal states that exist', () => {
    const states: readonly DealState[] = MONEY_DEAL_STATES;
    for (const state of states) expect(DEAL_STATES).toContain(state);
  });

  describe.each(MILESTONE_ACTIONS)('%s', (action) => {
    const expected = LIFECYCLE[action];
    const rule = MILESTONE_TRANSITIONS[action];
    const [someFrom] = rule.from;
    const [someActor] = rule.by;
    if (someFrom === undefined || someActor === undefined) throw new Error('an empty rule');

    it('is made from its from-states only', () => {
      for (const state of MILESTONE_STATES) {
        const refusal = moveRefusal(dealIn('accepted'), milestoneIn(state), action, someActor);
        expect([state, refusal === 'state']).toEqual([state, !expected.from.includes(state)]);
      }
    });

    it('needs its deal states', () => {
      for (const dealState of DEAL_STATES) {
        const refusal = moveRefusal(dealIn(dealState), milestoneIn(someFrom), action, someActor);
        expect([dealState, refusal === 'deal_state']).toEqual([
          dealState,
          !expected.dealStates.includes(dealState),
        ]);
      }
    });

    it('is made by its parties only', () => {
      for (const by of ACTORS) {
        const refusal = moveRefusal(dealIn('accepted'), milestoneIn(someFrom), action, by);
        expect([by, refusal === 'actor']).toEqual([by, !expected.by.includes(by)]);
      }
    });

    it('has its written condition and money effect', () => {
      expect(rule.requires).toBe(expected.requires);
      expect(rule.money).toEqual(expected.money);
    });
  });
});

describe('the written conditions', () => {
  it('refunds only a decided refund or a funded milestone of a cancelled deal', () => {
    expect(canMove(dealIn('accepted'), decidedRefund(), 'refund', 'system')).toBe(true);
    expect(canMove(dealIn('cancelled'), milestoneIn('funded'), 'refund', 'system')).toBe(true);
    // A dispute still open, or decided "release", returns nothing to the brand.
    expect(canMove(dealIn('accepted'), milestoneIn('disputed'), 'refund', 'system')).toBe(false);
    // An accepted deal's funded milestone stays the creator's while the deal goes on.
    expect(canMove(dealIn('accepted'), milestoneIn('funded'), 'refund', 'system')).toBe(false);
    expect(moveRefusal(dealIn('accepted'), milestoneIn('funded'), 'refund', 'system')).toBe(
      'refund_due',
    );
  });

  it('lets only the side that did not open a dispute answer it, once, before the decision', () => {
    const accepted = dealIn('accepted');
    expect(canMove(accepted, disputedBy('brand'), 'answer_dispute', 'creator')).toBe(true);
    expect(canMove(accepted, disputedBy('creator'), 'answer_dispute', 'brand')).toBe(true);
    // A side does not answer its own dispute.
    expect(moveRefusal(accepted, disputedBy('brand'), 'answer_dispute', 'brand')).toBe(
      'answer_open',
    );
    const answered = disputedBy('brand', { answer: { by: 'creator', note: 'Posted', at: AT } });
    expect(moveRefusal(accepted, answered, 'answer_dispute', 'creator')).toBe('answer_open');
    const decided = disputedBy('brand', {
      resolution: { decision: 'release', note: 'Posted', at: AT, by: 'admin-1' },
    });
    expect(moveRefusal(accepted, decided, 'answer_dispute', 'creator')).toBe('answer_open');
  });

  it('lets the brand request changes while revision rounds are left', () => {
    const used = (revisionsUsed: number) => milestoneIn('submitted', { revisionsUsed });
    expect(canMove(dealIn('accepted'), used(1), 'request_changes', 'brand')).toBe(true);
    expect(moveRefusal(dealIn('accepted'), used(2), 'request_changes', 'brand')).toBe('round_left');
  });
});

describe("the system's money steps", () => {
  it.each([
    ['release', 'approved', 'accepted', 'due'],
    ['release', 'released', 'accepted', 'made'],
    ['release', 'settled', 'completed', 'made'],
    ['release', 'submitted', 'accepted', 'none'],
    ['settle', 'released', 'cancelled', 'due'],
    ['settle', 'settled', 'completed', 'made'],
    ['settle', 'approved', 'accepted', 'none'],
    ['refund', 'funded', 'cancelled', 'due'],
    ['refund', 'refunded', 'cancelled', 'made'],
    ['refund', 'funded', 'accepted', 'none'],
  ] as const)('%s of a %s milestone (deal %s): %s', (action, state, dealState, step) => {
    expect(moneyStepOf(dealIn(dealState), milestoneIn(state), action)).toBe(step);
  });

  it('waits with a refund while a proposal to cancel is open (its agreement writes refunds first)', () => {
    const proposing = dealIn('accepted', { cancellation: { by: 'brand' } });
    expect(moneyStepOf(proposing, milestoneIn('funded'), 'refund')).toBe('wait');
    expect(moneyStepOf(proposing, decidedRefund(), 'refund')).toBe('due');
  });
});

describe('moving a milestone', () => {
  const dealWith = (milestone: Milestone, state: Deal['state'] = 'accepted'): Deal =>
    acceptedDealRecord(AT, { id: 'd1', creatorId: 'asha', milestones: [milestone], state });

  it('refuses a refund the lifecycle does not allow, whoever asks', () => {
    const disputed = dealWith(milestoneIn('disputed'));
    expect(moveMilestone(disputed, 'm1', 'refund', 'system', 'system', AT)).toEqual({
      ok: false,
      reason: 'refused',
    });
    const funded = dealWith(milestoneIn('funded'));
    expect(moveMilestone(funded, 'm1', 'refund', 'system', 'system', AT).ok).toBe(false);
  });

  it('stamps the time the table names and records the move in the revised deal', () => {
    const result = moveMilestone(
      dealWith(milestoneIn('submitted')),
      'm1',
      'approve',
      'brand',
      'b',
      AT,
    );
    if (!result.ok) throw new Error('refused');
    expect(result.milestone).toMatchObject({ state: 'approved', approvedAt: AT });
    expect(result.deal.revision).toBe(1);
    expect(result.deal.history.at(-1)?.milestone).toEqual({
      id: 'm1',
      action: 'approve',
      from: 'submitted',
      to: 'approved',
    });
  });
});

/** The rows of docs/payments.md's lifecycle table, each cell as its plain words. */
function documentedRows(): string[][] {
  const doc = readFileSync(new URL('../../../../docs/payments.md', import.meta.url), 'utf8');
  const table = doc
    .split('<!-- lifecycle-table:start -->')[1]
    ?.split('<!-- lifecycle-table:end -->')[0];
  return (table ?? '')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.replaceAll('`', '').trim()),
    );
}

describe("docs/payments.md's lifecycle table", () => {
  it('states every rule of the table in the code, row by row', () => {
    const list = (items: readonly string[]) => items.join(', ');
    const rows = MILESTONE_ACTIONS.map((action) => {
      const rule = MILESTONE_TRANSITIONS[action];
      return [
        action,
        list(rule.from),
        rule.to,
        list(rule.dealStates),
        list(rule.by),
        rule.requires ?? '—',
        rule.money?.ledger ?? '—',
        rule.money?.gateway ?? '—',
      ];
    });
    expect(documentedRows()).toEqual(rows);
  });
});
