import type { HistoryEntryDto } from '@/api/generated/types.gen';

/** One step of a milestone's history: what happened, when (ISO), and who moved it. */
export interface TimelineStep {
  readonly label: string;
  readonly at: string;
}

type Move = NonNullable<HistoryEntryDto['milestone']>;

/** A move in words; an approval made by the system is the approval window running out. */
function labelOf(move: Move, by: HistoryEntryDto['by']): string {
  switch (move.action) {
    case 'fund':
      return 'Funded';
    case 'submit':
      return move.from === 'changes_requested' ? 'Submitted again' : 'Submitted';
    case 'request_changes':
      return 'Sent back for changes';
    case 'approve':
      return by === 'system' ? 'Approved automatically' : 'Approved';
    case 'release':
      return 'Released';
    case 'settle':
      return 'Settled to the bank';
    case 'dispute':
      return 'Dispute opened';
    case 'answer_dispute':
      return 'Dispute answered';
    case 'resolve_release':
      return 'Dispute decided: released';
    case 'resolve_refund':
      return 'Dispute decided: refunded';
    case 'refund':
      return 'Refunded';
  }
}

/** A milestone's steps, oldest first, from the deal's history (the record of every move). */
export function timelineOf(
  history: readonly HistoryEntryDto[],
  milestoneId: string,
): TimelineStep[] {
  return history.flatMap(({ milestone, by, at }) =>
    milestone?.id === milestoneId ? [{ label: labelOf(milestone, by), at }] : [],
  );
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A time as India reads it, whatever the browser's zone: "27 Nov 2026, 15:30 IST". */
export function istTime(at: string): string {
  return `${IST.format(new Date(at))} IST`;
}
