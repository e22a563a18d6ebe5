import {
  creatorActionsFor,
  DEAL_ACTIONS,
  DEAL_STATES,
  type DealAction,
  type DealState,
  nextState,
  type Party,
} from './deal.js';

/** Every move the issue allows: [from, action, by, to]. Everything else is refused. */
const ALLOWED: readonly (readonly [DealState, DealAction, Party, DealState])[] = [
  ['draft', 'edit', 'creator', 'draft'],
  ['draft', 'send', 'creator', 'sent'],
  ['draft', 'cancel', 'creator', 'cancelled'],
  ['sent', 'cancel', 'creator', 'cancelled'],
  ['changes_requested', 'cancel', 'creator', 'cancelled'],
  ['sent', 'accept', 'brand', 'accepted'],
  ['sent', 'request_changes', 'brand', 'changes_requested'],
  ['sent', 'decline', 'brand', 'declined'],
  ['sent', 'expire', 'system', 'expired'],
  ['changes_requested', 'revise', 'creator', 'draft'],
  ['accepted', 'complete', 'system', 'completed'],
];

const PARTIES: readonly Party[] = ['creator', 'brand', 'system'];

describe('the deal state machine', () => {
  it.each(ALLOWED)('allows %s --%s by %s--> %s', (from, action, by, to) => {
    expect(nextState(from, action, by)).toBe(to);
  });

  const refused = DEAL_STATES.flatMap((state) =>
    DEAL_ACTIONS.flatMap((action) =>
      PARTIES.filter(
        (by) => !ALLOWED.some(([from, a, who]) => from === state && a === action && who === by),
      ).map((by) => [state, action, by] as const),
    ),
  );

  it(`refuses every other move (${String(refused.length)} of them)`, () => {
    for (const [state, action, by] of refused) {
      expect({ state, action, by, to: nextState(state, action, by) }).toEqual({
        state,
        action,
        by,
        to: undefined,
      });
    }
  });

  it('never leaves a final state', () => {
    for (const state of ['declined', 'expired', 'cancelled', 'completed'] as const) {
      for (const action of DEAL_ACTIONS) {
        for (const by of PARTIES) expect(nextState(state, action, by)).toBeUndefined();
      }
    }
  });

  it("offers the creator's screens only what the state allows", () => {
    expect(creatorActionsFor('draft')).toEqual(['edit', 'send', 'cancel']);
    expect(creatorActionsFor('changes_requested')).toEqual(['edit', 'cancel']);
    expect(creatorActionsFor('sent')).toEqual(['cancel']);
    for (const state of ['accepted', 'declined', 'expired', 'cancelled', 'completed'] as const) {
      expect(creatorActionsFor(state)).toEqual([]);
    }
  });
});
