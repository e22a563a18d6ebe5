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
