import type { Deal, HistoryEntry, Milestone } from '../../deals/deals.contract.js';
import type { Audience, NotificationKind } from './notification.js';

/**
 * The moves of a deal that matter to a person, read from its history (#39): each history entry
 * already names one move, so its position in the history is the event's identity.
 */
export interface DealEvent {
  /** `<dealId>:<history index>:<kind>`: the same move always makes the same event. */
  readonly id: string;
  readonly kind: NotificationKind;
  readonly dealId: string;
  readonly milestoneId: string | null;
  readonly at: Date;
  /** Who of the table's audiences it is for, when the move decides (a cancellation's other side). */
  readonly audiences?: readonly Audience[];
}

const MILESTONE_KINDS: Readonly<Partial<Record<string, NotificationKind>>> = {
  fund: 'milestone_funded',
  submit: 'work_submitted',
  request_changes: 'changes_requested',
  release: 'released',
  settle: 'settled',
  dispute: 'dispute_opened',
  answer_dispute: 'dispute_answered',
  resolve_release: 'dispute_decided',
  resolve_refund: 'dispute_decided',
  refund: 'refunded',
};

function eventOf(
  deal: Deal,
  index: number,
  kind: NotificationKind,
  milestoneId: string | null,
  at: Date,
): DealEvent {
  return { id: `${deal.id}:${String(index)}:${kind}`, kind, dealId: deal.id, milestoneId, at };
}

/** The first milestone still waiting for its money after `afterId` (or the first of all). */
export function nextPendingMilestone(deal: Deal, afterId?: string): Milestone | undefined {
  const start =
    afterId === undefined ? 0 : deal.milestones.findIndex(({ id }) => id === afterId) + 1;
  return deal.milestones.slice(start).find(({ state }) => state === 'pending');
}

/** A cancellation's proposal goes to the other side; its agreement to the proposer. */
function cancellationEvents(deal: Deal, entry: HistoryEntry, index: number): DealEvent[] {
  const move = entry.cancellation;
  if (move === undefined) return [];
  const other: Audience = move.proposedBy === 'creator' ? 'brand' : 'creator';
  if (move.action === 'propose') {
    return [
      { ...eventOf(deal, index, 'cancellation_proposed', null, entry.at), audiences: [other] },
    ];
  }
  if (move.action === 'agree') {
    const proposer: Audience = move.proposedBy;
    return [
      { ...eventOf(deal, index, 'cancellation_agreed', null, entry.at), audiences: [proposer] },
    ];
  }
  return [];
}

/** Whether entry `index` is the deal's second approval by the system (a window run out again). */
function isSecondAutoApproval(deal: Deal, index: number): boolean {
  const autoApprovals = deal.history
    .slice(0, index + 1)
    .filter(({ milestone, by }) => milestone?.action === 'approve' && by === 'system');
  return autoApprovals.length === 2;
}

/** The events of history entry number `index` of `deal` (none for moves nobody waits on). */
export function eventsOfEntry(deal: Deal, entry: HistoryEntry, index: number): DealEvent[] {
  const { milestone, at } = entry;
  if (entry.cancellation !== undefined) return cancellationEvents(deal, entry, index);
  if (milestone === undefined) {
    if (entry.to !== 'accepted' || entry.from === 'accepted') return [];
    const first = nextPendingMilestone(deal);
    return [
      eventOf(deal, index, 'deal_accepted', null, at),
      ...(first ? [eventOf(deal, index, 'funding_due', first.id, at)] : []),
    ];
  }
  if (milestone.action === 'approve') {
    const kind = entry.by === 'system' ? 'auto_approved' : 'approved';
    const events = [eventOf(deal, index, kind, milestone.id, at)];
    if (kind === 'auto_approved' && isSecondAutoApproval(deal, index)) {
      events.push(eventOf(deal, index, 'auto_approved_twice', milestone.id, at));
    }
    return events;
  }
  const kind = MILESTONE_KINDS[milestone.action];
  if (kind === undefined) return [];
  const events = [eventOf(deal, index, kind, milestone.id, at)];
  if (milestone.action === 'release' && deal.state === 'accepted') {
    const next = nextPendingMilestone(deal, milestone.id);
    if (next) events.push(eventOf(deal, index, 'funding_due', next.id, at));
  }
  return events;
}
