import {
  feeOf,
  MILESTONE_ACTIONS,
  MILESTONE_STATES,
  type MilestoneActor,
  milestoneNextState,
} from './milestone.js';

const ACTORS: readonly MilestoneActor[] = ['creator', 'brand', 'system', 'admin'];

/** Every move the machine allows: [from, action, by, to]. Anything else is refused. */
const ALLOWED = new Set(
  [
    ['pending', 'fund', 'system', 'funded'],
    ['funded', 'submit', 'creator', 'submitted'],
    ['changes_requested', 'submit', 'creator', 'submitted'],
    ['submitted', 'approve', 'brand', 'approved'],
    ['submitted', 'approve', 'system', 'approved'],
    ['submitted', 'request_changes', 'brand', 'changes_requested'],
    ['funded', 'dispute', 'creator', 'disputed'],
    ['funded', 'dispute', 'brand', 'disputed'],
    ['submitted', 'dispute', 'creator', 'disputed'],
    ['submitted', 'dispute', 'brand', 'disputed'],
    ['changes_requested', 'dispute', 'creator', 'disputed'],
    ['changes_requested', 'dispute', 'brand', 'disputed'],
    ['disputed', 'answer_dispute', 'creator', 'disputed'],
    ['disputed', 'answer_dispute', 'brand', 'disputed'],
    ['disputed', 'resolve_release', 'admin', 'approved'],
    ['disputed', 'resolve_refund', 'admin', 'disputed'],
    ['approved', 'release', 'system', 'released'],
    ['released', 'settle', 'system', 'settled'],
    ['funded', 'refund', 'system', 'refunded'],
    ['disputed', 'refund', 'system', 'refunded'],
  ].map((move) => move.join(' ')),
);

describe('the milestone money state machine', () => {
  it('allows exactly the listed moves, each by its party, and refuses every other one', () => {
    for (const state of MILESTONE_STATES) {
      for (const action of MILESTONE_ACTIONS) {
        for (const by of ACTORS) {
          const to = milestoneNextState(state, action, by);
          const listed = [...ALLOWED].find((move) => move.startsWith(`${state} ${action} ${by} `));
          expect(to === undefined ? undefined : `${state} ${action} ${by} ${to}`).toBe(listed);
        }
      }
    }
  });

  it('never moves money out of a settled or refunded milestone', () => {
    for (const state of ['settled', 'refunded'] as const) {
      for (const action of MILESTONE_ACTIONS) {
        for (const by of ACTORS) expect(milestoneNextState(state, action, by)).toBeUndefined();
      }
    }
  });

  it("takes Paylock's fee in whole paise, rounded down", () => {
    expect(feeOf(150_000, 0)).toBe(0);
    expect(feeOf(150_000, 250)).toBe(3_750);
    expect(feeOf(99_999, 200)).toBe(1_999);
  });
});
