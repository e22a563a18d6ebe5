import { eventsOfEntry } from './deal-events.js';
import { accepted, dealWith, milestone, moved } from '../../../test/support/notification-deals.js';

const kindsOf = (...args: Parameters<typeof eventsOfEntry>) =>
  eventsOfEntry(...args).map(({ kind, milestoneId }) => `${kind}@${String(milestoneId)}`);

describe('the events of a deal history entry', () => {
  const deal = dealWith([milestone('m1', 'pending'), milestone('m2', 'pending')]);

  it('acceptance: the deal accepted, and its first milestone waiting for funding', () => {
    expect(kindsOf(deal, accepted(), 3)).toEqual(['deal_accepted@null', 'funding_due@m1']);
  });

  it('gives each event an identity from its position in the history', () => {
    expect(eventsOfEntry(deal, accepted(), 3).map(({ id }) => id)).toEqual([
      'd1:3:deal_accepted',
      'd1:3:funding_due',
    ]);
  });

  it.each([
    ['fund', 'pending', 'funded', 'system', 'milestone_funded'],
    ['submit', 'funded', 'submitted', 'creator', 'work_submitted'],
    ['request_changes', 'submitted', 'changes_requested', 'brand', 'changes_requested'],
    ['approve', 'submitted', 'approved', 'brand', 'approved'],
    ['approve', 'submitted', 'approved', 'system', 'auto_approved'],
    ['settle', 'released', 'settled', 'system', 'settled'],
    ['dispute', 'funded', 'disputed', 'brand', 'dispute_opened'],
    ['answer_dispute', 'disputed', 'disputed', 'creator', 'dispute_answered'],
    ['resolve_release', 'disputed', 'approved', 'admin', 'dispute_decided'],
    ['resolve_refund', 'disputed', 'disputed', 'admin', 'dispute_decided'],
    ['refund', 'disputed', 'refunded', 'system', 'refunded'],
  ] as const)('%s (%s → %s by %s) is %s', (action, from, to, by, kind) => {
    expect(kindsOf(deal, moved('m1', action, from, to, by), 5)).toEqual([`${kind}@m1`]);
  });

  it('a release asks the brand to fund the next milestone', () => {
    const after = dealWith([milestone('m1', 'released'), milestone('m2', 'pending')]);
    expect(kindsOf(after, moved('m1', 'release', 'approved', 'released'), 9)).toEqual([
      'released@m1',
      'funding_due@m2',
    ]);
  });

  it("the deal's second approval by the system also tells the admins; the first does not", () => {
    const autoApprove = (id: string) => moved(id, 'approve', 'submitted', 'approved', 'system');
    const twice = dealWith(
      [milestone('m1', 'released'), milestone('m2', 'approved')],
      [
        accepted(),
        autoApprove('m1'),
        moved('m1', 'release', 'approved', 'released'),
        autoApprove('m2'),
      ],
    );
    expect(kindsOf(twice, autoApprove('m1'), 1)).toEqual(['auto_approved@m1']);
    expect(kindsOf(twice, autoApprove('m2'), 3)).toEqual([
      'auto_approved@m2',
      'auto_approved_twice@m2',
    ]);
  });

  it.each([
    ['creator', 'propose', 'cancellation_proposed', ['brand']],
    ['brand', 'propose', 'cancellation_proposed', ['creator']],
    ['creator', 'agree', 'cancellation_agreed', ['creator']],
    ['brand', 'agree', 'cancellation_agreed', ['brand']],
  ] as const)(
    'a cancellation proposed by the %s: %s is %s, for %s',
    (proposedBy, action, kind, audiences) => {
      const entry = {
        ...accepted(),
        from: 'accepted' as const,
        to: action === 'agree' ? ('cancelled' as const) : ('accepted' as const),
        cancellation: { action, proposedBy },
      };
      const [event] = eventsOfEntry(deal, entry, 6);
      expect(event).toMatchObject({ kind, id: `d1:6:${kind}`, audiences });
    },
  );

  it('a withdrawn or declined proposal tells nobody', () => {
    const withdrawn = {
      ...accepted(),
      from: 'accepted' as const,
      cancellation: { action: 'withdraw' as const, proposedBy: 'creator' as const },
    };
    expect(eventsOfEntry(deal, withdrawn, 7)).toEqual([]);
  });

  it('moves nobody waits on make no event (a deal sent, a draft edited)', () => {
    const sent = {
      ...accepted(),
      from: 'draft' as const,
      to: 'sent' as const,
      by: 'creator' as const,
    };
    expect(eventsOfEntry(deal, sent, 1)).toEqual([]);
  });
});
