import type { Deal, Milestone } from './deal.js';
import {
  type MilestoneAction,
  type MilestoneActor,
  milestoneNextState,
  type MilestoneState,
} from './milestone.js';

/** The deal states in which its milestones' money moves (refunds also once it is cancelled). */
export const MONEY_DEAL_STATES = ['accepted', 'completed', 'cancelled'] as const;

export type MilestoneMoveResult =
  | { readonly ok: true; readonly deal: Deal; readonly milestone: Milestone }
  | { readonly ok: false; readonly reason: 'not_found' | 'refused' };

/**
 * `deal` after `action` by `by` on its milestone `milestoneId`: the milestone in its next state
 * with `changes`, the deal's revision bumped and the move in its history (the deal's own state
 * unchanged). Refused when the state machine, or the deal's state, does not allow it.
 */
export function moveMilestone(
  deal: Deal,
  milestoneId: string,
  action: MilestoneAction,
  by: MilestoneActor,
  actor: string,
  at: Date,
  changes: Partial<Milestone> = {},
  note?: string,
): MilestoneMoveResult {
  const current = deal.milestones.find(({ id }) => id === milestoneId);
  if (!current) return { ok: false, reason: 'not_found' };
  // A cancelled deal (by agreement) still pays what was approved before it was cancelled, and
  // refunds its funded milestones; nothing new is approved in it.
  const dealAllows =
    deal.state === 'accepted' ||
    (action === 'settle' && deal.state === 'completed') ||
    ((action === 'refund' || action === 'release' || action === 'settle') &&
      deal.state === 'cancelled');
  const to = milestoneNextState(current.state, action, by);
  if (!dealAllows || to === undefined) return { ok: false, reason: 'refused' };
  const milestone: Milestone = { ...current, ...changes, state: to };
  return {
    ok: true,
    milestone,
    deal: {
      ...deal,
      milestones: deal.milestones.map((item) => (item.id === milestoneId ? milestone : item)),
      revision: deal.revision + 1,
      updatedAt: at,
      history: [
        ...deal.history,
        {
          at,
          by,
          actor,
          from: deal.state,
          to: deal.state,
          version: deal.version,
          ...(note !== undefined && note !== '' ? { note } : {}),
          milestone: { id: milestoneId, action, from: current.state, to },
        },
      ],
    },
  };
}

/** Whether every milestone is settled or refunded, and at least one settled: the deal is done. */
export function allMilestonesSettled(deal: Pick<Deal, 'milestones'>): boolean {
  const states: readonly MilestoneState[] = deal.milestones.map(({ state }) => state);
  return (
    states.every((state) => state === 'settled' || state === 'refunded') &&
    states.includes('settled')
  );
}
