import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { historyEntry, revise } from './deal.js';

const AT = new Date('2026-11-20T10:00:00Z');
const LATER = new Date('2026-11-27T10:00:00Z');

describe('revising a deal', () => {
  const deal = acceptedDealRecord(AT, {
    id: 'd1',
    creatorId: 'asha',
    milestones: [milestoneRecord({ id: 'm1' })],
    revision: 4,
  });

  it('bumps the revision, sets the time and appends the history entry', () => {
    const record = historyEntry(deal, 'completed', 'system', 'system', LATER);
    const next = revise(deal, { state: 'completed', record }, LATER);
    expect(next).toEqual({
      ...deal,
      state: 'completed',
      revision: 5,
      updatedAt: LATER,
      history: [record],
    });
    expect(next).not.toHaveProperty('record');
  });

  it('keeps the history as it is for a change no party sees', () => {
    const lastError = { code: 'X', message: 'Failed', at: LATER };
    const next = revise(deal, { lastError }, LATER);
    expect(next.history).toBe(deal.history);
    expect(next).toMatchObject({ revision: 5, updatedAt: LATER, lastError });
  });

  it('leaves the deal it was given untouched', () => {
    revise(deal, { title: 'Other' }, LATER);
    expect(deal).toMatchObject({ revision: 4, title: 'Deal', updatedAt: AT, history: [] });
  });
});
