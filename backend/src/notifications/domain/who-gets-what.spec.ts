import { NOTIFICATION_KINDS, type NotificationKind } from './notification.js';
import { noticeWords } from './notice-words.js';
import { channelsFor, DEFAULT_PREFERENCES, WHO_GETS_WHAT } from './who-gets-what.js';

const FACTS = {
  dealTitle: 'Diwali glow serum launch',
  brandName: 'Glow Naturals',
  milestoneName: 'Draft reel',
  amountPaise: 12_500_000,
  approvalDueAt: new Date('2026-11-27T09:30:00Z'),
  dueDate: '2026-12-01',
};

const EXPECTED: Readonly<Record<NotificationKind, readonly string[]>> = {
  deal_accepted: ['creator'],
  funding_due: ['brand'],
  milestone_funded: ['creator'],
  work_submitted: ['brand'],
  changes_requested: ['creator'],
  approved: ['creator', 'brand'],
  auto_approved: ['creator', 'brand'],
  released: ['creator', 'brand'],
  settled: ['creator'],
  dispute_opened: ['creator', 'brand', 'admins'],
  dispute_answered: ['creator', 'brand', 'admins'],
  dispute_decided: ['creator', 'brand', 'admins'],
  refunded: ['brand'],
  funding_reminder: ['brand'],
  approval_reminder: ['brand'],
  resubmit_reminder: ['creator'],
  funding_overdue: ['admins'],
  approval_overdue: ['admins'],
  release_overdue: ['admins'],
  package_requested: [],
  auto_approved_twice: ['admins'],
  admin_nudge: ['brand'],
  cancellation_proposed: ['creator', 'brand'],
  cancellation_agreed: ['creator', 'brand'],
  invoice_issued: ['brand'],
  support_answered: [],
  data_export_ready: [],
};

/** Kinds about the whole deal: their words name the deal, not a milestone. */
const DEAL_KINDS: ReadonlySet<NotificationKind> = new Set([
  'cancellation_proposed',
  'cancellation_agreed',
]);

describe('who gets what (the table of docs/notifications.md)', () => {
  it.each(NOTIFICATION_KINDS)(
    '%s goes to its audiences, each with words and one action',
    (kind) => {
      expect(WHO_GETS_WHAT[kind].audiences).toEqual(EXPECTED[kind]);
      for (const audience of WHO_GETS_WHAT[kind].audiences) {
        const words = noticeWords(kind, audience, FACTS);
        expect(words?.title).toBeTruthy();
        expect(words?.title.length).toBeLessThanOrEqual(80);
        expect(words?.body).toContain(DEAL_KINDS.has(kind) ? FACTS.dealTitle : 'Draft reel');
        expect(words?.actionLabel).toBeTruthy();
      }
    },
  );

  it('tells the side that answered a dispute that Paylock has its answer, the others who answered', () => {
    const answeredByBrand = { ...FACTS, actingSide: 'brand' as const, partyName: 'Glow Naturals' };
    expect(noticeWords('dispute_answered', 'brand', answeredByBrand)?.title).toBe(
      'You answered the dispute on "Draft reel"',
    );
    expect(noticeWords('dispute_answered', 'creator', answeredByBrand)?.body).toBe(
      'Glow Naturals answered the dispute on "Draft reel" of "Diwali glow serum launch". The money stays frozen until Paylock decides.',
    );
    expect(noticeWords('dispute_answered', 'admins', answeredByBrand)).toMatchObject({
      title: 'Dispute answered: "Draft reel"',
      actionLabel: 'Open the dispute',
    });
  });

  it('names amounts in rupees, Indian grouping', () => {
    expect(noticeWords('milestone_funded', 'creator', FACTS)?.body).toContain('₹1,25,000.00');
  });

  it('tells the brand when the work approves itself, in India time', () => {
    expect(noticeWords('work_submitted', 'brand', FACTS)?.body).toContain('27 Nov, 15:00 IST');
  });

  it('tells the admins how long a second lapsed approval window waited', () => {
    const words = noticeWords('auto_approved_twice', 'admins', {
      ...FACTS,
      submittedAt: new Date('2026-11-20T09:30:00Z'),
      at: new Date('2026-11-27T09:31:00Z'),
    });
    expect(words?.title).toBe('Waiting on Glow Naturals: two approval windows ran out');
    expect(words?.body).toContain('(7 days after the work was submitted; ₹1,25,000.00');
  });

  it("carries an admin's nudge in the admin's own words, and a cancellation's reason", () => {
    const nudge = noticeWords('admin_nudge', 'brand', { ...FACTS, note: 'Please fund by Friday.' });
    expect(nudge?.body).toBe('Please fund by Friday. ("Draft reel" of "Diwali glow serum launch")');
    const proposed = noticeWords('cancellation_proposed', 'brand', {
      ...FACTS,
      partyName: 'Asha Rao',
      note: 'Travel plans changed',
    });
    expect(proposed?.title).toBe('Asha Rao proposes to cancel: Diwali glow serum launch');
    expect(proposed?.body).toContain('Their reason: Travel plans changed.');
  });

  it('says nothing to an audience a kind is not for', () => {
    expect(noticeWords('settled', 'brand', FACTS)).toBeUndefined();
  });

  it('sends transactional notices on every channel, whatever the preferences', () => {
    const off = { remindersByEmail: false, remindersBySms: false };
    expect(channelsFor('milestone_funded', ['in_app', 'email', 'sms'], off)).toEqual([
      'in_app',
      'email',
      'sms',
    ]);
  });

  it('sends reminders only on the channels left on (the bell always)', () => {
    expect(
      channelsFor('funding_reminder', ['in_app', 'email', 'sms'], {
        remindersByEmail: false,
        remindersBySms: true,
      }),
    ).toEqual(['in_app', 'sms']);
    expect(channelsFor('funding_reminder', ['email'], DEFAULT_PREFERENCES)).toEqual(['email']);
  });
});
