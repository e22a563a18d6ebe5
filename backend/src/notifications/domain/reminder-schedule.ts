import type { Deal, Milestone, MilestoneState } from '../../deals/deals.contract.js';
import type { DealEvent } from './deal-events.js';
import type { NotificationKind } from './notification.js';
import { firstSendableAt, istHourOn, type QuietHours } from './quiet-hours.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The schedule (#39): settings with these defaults (docs/operations.md). */
export interface ReminderSchedule {
  /** Funding reminders, days after acceptance (the notice at acceptance is the first). */
  readonly fundingAfterDays: readonly number[];
  /** Plus one on the milestone's due date, at this IST hour. */
  readonly fundingOnDueDateHour: number;
  /** Approval reminders, hours before the approval window ends. */
  readonly approvalBeforeHours: readonly number[];
  /** Resubmit reminders, days after changes were asked. */
  readonly resubmitAfterDays: readonly number[];
  readonly quietHours: QuietHours;
  /** Escalation to the admins: a milestone asked to be funded and still pending this many days on. */
  readonly escalateFundingAfterDays: number;
  /** Escalation: still submitted this long after its approval window ended, or approved and not released. */
  readonly escalateStuckAfterHours: number;
}

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  fundingAfterDays: [2, 5],
  fundingOnDueDateHour: 9,
  approvalBeforeHours: [48, 24],
  resubmitAfterDays: [3],
  quietHours: { startHour: 21, endHour: 9 },
  escalateFundingAfterDays: 7,
  escalateStuckAfterHours: 24,
};

/** One reminder step, due at a time, about a milestone in a state. */
export interface Reminder {
  /** `<kind>:<dealId>:<milestoneId>:<cycle>:<step>`: once per step. */
  readonly key: string;
  readonly kind: NotificationKind;
  readonly dealId: string;
  readonly milestoneId: string;
  /** The state it is about: sent only if the milestone is still in it when due. */
  readonly whileState: MilestoneState;
  /** What marks the cycle (the submission's time for approval): a new cycle is new reminders. */
  readonly cycle: string;
  readonly dueAt: Date;
}

function reminder(
  kind: NotificationKind,
  event: DealEvent,
  milestoneId: string,
  whileState: MilestoneState,
  cycle: string,
  step: string,
  raw: Date,
  quiet: QuietHours,
): Reminder {
  return {
    key: `${kind}:${event.dealId}:${milestoneId}:${cycle}:${step}`,
    kind,
    dealId: event.dealId,
    milestoneId,
    whileState,
    cycle,
    dueAt: firstSendableAt(raw, quiet),
  };
}

/** The reminders an event starts (the milestone as the deal holds it after the event). */
export function remindersOf(event: DealEvent, deal: Deal, schedule: ReminderSchedule): Reminder[] {
  const milestone = deal.milestones.find(({ id }) => id === event.milestoneId);
  if (!milestone) return [];
  const at = event.at.getTime();
  const quiet = schedule.quietHours;
  switch (event.kind) {
    case 'funding_due':
      return fundingReminders(event, milestone, schedule);
    case 'work_submitted': {
      const due = milestone.approvalDueAt;
      if (due === null) return [];
      const cycle = String(milestone.submission?.at.getTime() ?? at);
      return approvalReminders(event, milestone, due, cycle, schedule);
    }
    case 'changes_requested':
      return schedule.resubmitAfterDays.map((days) =>
        reminder(
          'resubmit_reminder',
          event,
          milestone.id,
          'changes_requested',
          String(at),
          `${String(days)}d`,
          new Date(at + days * DAY_MS),
          quiet,
        ),
      );
    default:
      return [];
  }
}

/**
 * The escalations an event starts (#39): the admins are told when a milestone is still stuck at
 * its threshold — funding asked and still pending N days on; still submitted N hours after its
 * approval window ended (the auto-approval did not happen); approved and not released N hours on.
 */
export function escalationsOf(
  event: DealEvent,
  deal: Deal,
  schedule: ReminderSchedule,
): Reminder[] {
  const milestone = deal.milestones.find(({ id }) => id === event.milestoneId);
  if (!milestone) return [];
  const at = event.at.getTime();
  const stuckMs = schedule.escalateStuckAfterHours * HOUR_MS;
  switch (event.kind) {
    case 'funding_due':
      return [
        escalation('funding_overdue', event, milestone.id, 'pending', 'funding', {
          dueAt: new Date(at + schedule.escalateFundingAfterDays * DAY_MS),
        }),
      ];
    case 'work_submitted': {
      const due = milestone.approvalDueAt;
      if (due === null) return [];
      const cycle = String(milestone.submission?.at.getTime() ?? at);
      return [
        escalation('approval_overdue', event, milestone.id, 'submitted', cycle, {
          dueAt: new Date(due.getTime() + stuckMs),
        }),
      ];
    }
    case 'approved':
    case 'auto_approved':
      return [
        escalation('release_overdue', event, milestone.id, 'approved', String(at), {
          dueAt: new Date(at + stuckMs),
        }),
      ];
    default:
      return [];
  }
}

function approvalReminders(
  event: DealEvent,
  milestone: Milestone,
  due: Date,
  cycle: string,
  schedule: ReminderSchedule,
): Reminder[] {
  return schedule.approvalBeforeHours
    .map((hours) => ({ hours, raw: new Date(due.getTime() - hours * HOUR_MS) }))
    .filter(({ raw }) => raw.getTime() > event.at.getTime())
    .map(({ hours, raw }) =>
      reminder(
        'approval_reminder',
        event,
        milestone.id,
        'submitted',
        cycle,
        `${String(hours)}h`,
        raw,
        schedule.quietHours,
      ),
    );
}

/**
 * An escalation to the admins (#39): due at its threshold, at any hour (the admins' bell, no
 * mail), sent only if the milestone is still stuck in the state it is about.
 */
function escalation(
  kind: NotificationKind,
  event: DealEvent,
  milestoneId: string,
  whileState: MilestoneState,
  cycle: string,
  { dueAt }: { readonly dueAt: Date },
): Reminder {
  return {
    key: `${kind}:${event.dealId}:${milestoneId}:${cycle}:escalation`,
    kind,
    dealId: event.dealId,
    milestoneId,
    whileState,
    cycle,
    dueAt,
  };
}

function fundingReminders(
  event: DealEvent,
  milestone: Milestone,
  schedule: ReminderSchedule,
): Reminder[] {
  const at = event.at.getTime();
  const quiet = schedule.quietHours;
  const afterDays = schedule.fundingAfterDays.map((days) =>
    reminder(
      'funding_reminder',
      event,
      milestone.id,
      'pending',
      'funding',
      `${String(days)}d`,
      new Date(at + days * DAY_MS),
      quiet,
    ),
  );
  const onDueDate = istHourOn(milestone.dueDate, schedule.fundingOnDueDateHour);
  if (Number.isNaN(onDueDate.getTime()) || onDueDate.getTime() <= at) return afterDays;
  return [
    ...afterDays,
    reminder(
      'funding_reminder',
      event,
      milestone.id,
      'pending',
      'funding',
      'due-date',
      onDueDate,
      quiet,
    ),
  ];
}

/** Whether a reminder still speaks the truth: its milestone is in the state it is about, same cycle. */
export function stillHolds(reminder: Reminder, deal: Deal): boolean {
  if (deal.state !== 'accepted') return false;
  const milestone = deal.milestones.find(({ id }) => id === reminder.milestoneId);
  if (milestone?.state !== reminder.whileState) return false;
  if (reminder.kind === 'approval_reminder' || reminder.kind === 'approval_overdue') {
    return String(milestone.submission?.at.getTime()) === reminder.cycle;
  }
  return true;
}
