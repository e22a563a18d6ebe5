import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import type { HistoryEntry } from '../../deals/deals.contract.js';
import { dealFactsOf } from './deal-facts.js';

const at = (iso: string) => new Date(iso);
const move = (
  when: string,
  by: HistoryEntry['by'],
  id: string,
  action: NonNullable<HistoryEntry['milestone']>['action'],
): HistoryEntry => ({
  at: at(when),
  by,
  actor: by,
  from: 'accepted',
  to: 'accepted',
  version: 1,
  milestone: { id, action, from: 'submitted', to: 'approved' },
});

describe('the facts the insights read of a deal', () => {
  it('reads the acceptance, the first submission, the approver and the rounds from the history', () => {
    const deal = acceptedDealRecord(at('2026-11-01T04:30:00Z'), {
      id: 'd1',
      creatorId: 'asha',
      revision: 9,
      brandParty: { channel: 'account', brandId: 'brand-1', mobile: '9876543210' },
      milestones: [
        milestoneRecord({
          id: 'm1',
          state: 'released',
          fundedAt: at('2026-11-03T04:30:00Z'),
          submission: { links: [], note: '', at: at('2026-11-08T04:30:00Z') },
          approvedAt: at('2026-11-09T04:30:00Z'),
          releasedAt: at('2026-11-09T05:30:00Z'),
        }),
        milestoneRecord({
          id: 'm2',
          state: 'submitted',
          approvalDueAt: at('2026-11-20T04:30:00Z'),
          dispute: null,
        }),
      ],
      history: [
        {
          at: at('2026-11-02T04:30:00Z'),
          by: 'brand',
          actor: 'email:priya@glow.in',
          from: 'sent',
          to: 'accepted',
          version: 1,
        },
        move('2026-11-05T04:30:00Z', 'creator', 'm1', 'submit'),
        move('2026-11-06T04:30:00Z', 'brand', 'm1', 'request_changes'),
        move('2026-11-08T04:30:00Z', 'creator', 'm1', 'submit'),
        move('2026-11-09T04:30:00Z', 'system', 'm1', 'approve'),
      ],
    });
    const facts = dealFactsOf(deal);
    expect(facts).toMatchObject({
      dealId: 'd1',
      revision: 9,
      brandKey: 'glow',
      brandName: 'Glow',
      brandAccountId: 'brand-1',
      acceptedAt: Date.parse('2026-11-02T04:30:00Z'),
    });
    expect(facts.milestones[0]).toMatchObject({
      firstSubmittedAt: Date.parse('2026-11-05T04:30:00Z'),
      approvedBy: 'automatic',
      changeRequests: [Date.parse('2026-11-06T04:30:00Z')],
      releasedAt: Date.parse('2026-11-09T05:30:00Z'),
    });
    expect(facts.milestones[1]).toMatchObject({
      state: 'submitted',
      approvalDueAt: Date.parse('2026-11-20T04:30:00Z'),
      approvedBy: null,
    });
  });
});
