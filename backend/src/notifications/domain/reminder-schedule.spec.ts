import type { DealEvent } from './deal-events.js';
import { AT, dealWith, milestone } from '../../../test/support/notification-deals.js';
import {
  DEFAULT_REMINDER_SCHEDULE,
  escalationsOf,
  remindersOf,
  stillHolds,
} from './reminder-schedule.js';

const HOUR = 3_600_000;
const event = (kind: DealEvent['kind'], at = AT): DealEvent => ({
  id: `d1:4:${kind}`,
  kind,
  dealId: 'd1',
  milestoneId: 'm1',
  at,
});
const dueTimes = (reminders: ReturnType<typeof remindersOf>) =>
  reminders.map(({ key, dueAt }) => `${key} ${dueAt.toISOString()}`);

describe('the reminder schedule (defaults)', () => {
  it('funding: +2 and +5 days after acceptance, then 09:00 IST on the due date', () => {
    const deal = dealWith([milestone('m1', 'pending', '2026-12-01')]);
    expect(dueTimes(remindersOf(event('funding_due'), deal, DEFAULT_REMINDER_SCHEDULE))).toEqual([
      'funding_reminder:d1:m1:funding:2d 2026-11-22T04:30:00.000Z',
      'funding_reminder:d1:m1:funding:5d 2026-11-25T04:30:00.000Z',
      'funding_reminder:d1:m1:funding:due-date 2026-12-01T03:30:00.000Z',
    ]);
  });

  it('funding accepted in the evening: its +2 days reminder waits for 09:00 IST', () => {
    const evening = new Date('2026-11-20T16:00:00Z'); // 21:30 IST
    const deal = dealWith([milestone('m1', 'pending', '2026-11-21')]);
    expect(
      dueTimes(remindersOf(event('funding_due', evening), deal, DEFAULT_REMINDER_SCHEDULE)),
    ).toEqual([
      'funding_reminder:d1:m1:funding:2d 2026-11-23T03:30:00.000Z',
      'funding_reminder:d1:m1:funding:5d 2026-11-26T03:30:00.000Z',
      'funding_reminder:d1:m1:funding:due-date 2026-11-21T03:30:00.000Z',
    ]);
  });

  it('a due date already past at acceptance: no due-date step', () => {
    const deal = dealWith([milestone('m1', 'pending', '2026-11-19')]);
    expect(remindersOf(event('funding_due'), deal, DEFAULT_REMINDER_SCHEDULE)).toHaveLength(2);
  });

  it('work submitted: 48 h and 24 h before the approval window ends', () => {
    const submittedAt = AT;
    const approvalDueAt = new Date(AT.getTime() + 7 * 24 * HOUR);
    const deal = dealWith([
      {
        ...milestone('m1', 'submitted'),
        approvalDueAt,
        submission: { links: [], note: '', at: submittedAt },
      },
    ]);
    const cycle = String(submittedAt.getTime());
    expect(dueTimes(remindersOf(event('work_submitted'), deal, DEFAULT_REMINDER_SCHEDULE))).toEqual(
      [
        `approval_reminder:d1:m1:${cycle}:48h 2026-11-25T04:30:00.000Z`,
        `approval_reminder:d1:m1:${cycle}:24h 2026-11-26T04:30:00.000Z`,
      ],
    );
  });

  it('a window shorter than a step: only the steps still ahead', () => {
    const approvalDueAt = new Date(AT.getTime() + 30 * HOUR);
    const deal = dealWith([
      {
        ...milestone('m1', 'submitted'),
        approvalDueAt,
        submission: { links: [], note: '', at: AT },
      },
    ]);
    expect(
      remindersOf(event('work_submitted'), deal, DEFAULT_REMINDER_SCHEDULE).map(({ key }) =>
        key.split(':').at(-1),
      ),
    ).toEqual(['24h']);
  });

  it('changes requested: +3 days, to the creator', () => {
    const deal = dealWith([milestone('m1', 'changes_requested')]);
    const [only, ...rest] = remindersOf(
      event('changes_requested'),
      deal,
      DEFAULT_REMINDER_SCHEDULE,
    );
    expect(rest).toEqual([]);
    expect(only?.kind).toBe('resubmit_reminder');
    expect(only?.dueAt.toISOString()).toBe('2026-11-23T04:30:00.000Z');
  });

  it('is data: another schedule, other steps', () => {
    const deal = dealWith([milestone('m1', 'pending', '2026-11-01')]);
    const schedule = { ...DEFAULT_REMINDER_SCHEDULE, fundingAfterDays: [1] };
    expect(remindersOf(event('funding_due'), deal, schedule)).toHaveLength(1);
  });

  it('holds only while the milestone is still in its state (and the same submission)', () => {
    const pending = dealWith([milestone('m1', 'pending')]);
    const [reminder] = remindersOf(event('funding_due'), pending, DEFAULT_REMINDER_SCHEDULE);
    if (!reminder) throw new Error('no reminder');
    expect(stillHolds(reminder, pending)).toBe(true);
    expect(stillHolds(reminder, dealWith([milestone('m1', 'funded')]))).toBe(false);
    expect(stillHolds(reminder, dealWith([milestone('m1', 'pending')], [], 'cancelled'))).toBe(
      false,
    );
  });
});

describe('the escalations to the admins (defaults)', () => {
  it('funding asked: the admins are told 7 days on, at any hour, while it is still pending', () => {
    const deal = dealWith([milestone('m1', 'pending', '2026-12-01')]);
    const [escalation] = escalationsOf(event('funding_due'), deal, DEFAULT_REMINDER_SCHEDULE);
    expect(escalation).toMatchObject({
      key: 'funding_overdue:d1:m1:funding:escalation',
      whileState: 'pending',
      dueAt: new Date(AT.getTime() + 7 * 24 * HOUR),
    });
    if (!escalation) throw new Error('no escalation');
    expect(stillHolds(escalation, deal)).toBe(true);
    expect(stillHolds(escalation, dealWith([milestone('m1', 'funded', '2026-12-01')]))).toBe(false);
  });

  it('the approval window passed: told 24 h after it ended if still submitted (same submission)', () => {
    const approvalDueAt = new Date(AT.getTime() + 7 * 24 * HOUR);
    const submitted = {
      ...milestone('m1', 'submitted'),
      approvalDueAt,
      submission: { links: [], note: '', at: AT },
    };
    const [escalation] = escalationsOf(
      event('work_submitted'),
      dealWith([submitted]),
      DEFAULT_REMINDER_SCHEDULE,
    );
    expect(escalation?.dueAt).toEqual(new Date(approvalDueAt.getTime() + 24 * HOUR));
    if (!escalation) throw new Error('no escalation');
    const resubmitted = { ...submitted, submission: { links: [], note: '', at: approvalDueAt } };
    expect(stillHolds(escalation, dealWith([resubmitted]))).toBe(false);
  });

  it('approved (or approved automatically) and not released 24 h on', () => {
    const deal = dealWith([milestone('m1', 'approved')]);
    const [escalation] = escalationsOf(event('auto_approved'), deal, DEFAULT_REMINDER_SCHEDULE);
    expect(escalation).toMatchObject({
      kind: 'release_overdue',
      dueAt: new Date(AT.getTime() + 24 * HOUR),
    });
    expect(escalationsOf(event('released'), deal, DEFAULT_REMINDER_SCHEDULE)).toEqual([]);
  });
});
