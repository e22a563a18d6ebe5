import { type Deal, type Milestone, revise } from './deal.js';
import {
  MILESTONE_TRANSITIONS,
  type MilestoneAction,
  type MilestoneActor,
  type MilestoneState,
  moveRefusal,
  stampsOf,
} from './milestone.js';

export type MilestoneMoveResult =
  | { readonly ok: true; readonly deal: Deal; readonly milestone: Milestone }
  | { readonly ok: false; readonly reason: 'not_found' | 'refused' };

/**
 * `deal` after `action` by `by` on its milestone `milestoneId`: the milestone in its next state,
 * its time stamped (milestone.ts says which), with `changes`, the deal revised with the move in
 * its history (the deal's own state unchanged). Refused when any rule of milestone.ts forbids it.
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
  if (moveRefusal(deal, current, action, by) !== undefined) return { ok: false, reason: 'refused' };
  const to = MILESTONE_TRANSITIONS[action].to;
  const milestone: Milestone = { ...current, ...stampsOf(action, at), ...changes, state: to };
  const record = {
    at,
    by,
    actor,
    from: deal.state,
    to: deal.state,
    version: deal.version,
    ...(note !== undefined && note !== '' ? { note } : {}),
    milestone: { id: milestoneId, action, from: current.state, to },
  };
  const milestones = deal.milestones.map((item) => (item.id === milestoneId ? milestone : item));
  return { ok: true, milestone, deal: revise(deal, { milestones, record }, at) };
}

/** Whether every milestone is settled or refunded, and at least one settled: the deal is done. */
export function allMilestonesSettled(deal: Pick<Deal, 'milestones'>): boolean {
  const states: readonly MilestoneState[] = deal.milestones.map(({ state }) => state);
  return (
    states.every((state) => state === 'settled' || state === 'refunded') &&
    states.includes('settled')
  );
}
