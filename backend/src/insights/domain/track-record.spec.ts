import type { DealFacts, MilestoneFacts } from './deal-facts.js';
import {
  deliveredOnTime,
  EMPTY_TRACK_RECORD,
  onTimePercent,
  trackRecordOf,
  withDealRevised,
} from './track-record.js';

const at = (iso: string) => new Date(iso).getTime();

function milestone(overrides: Partial<MilestoneFacts>): MilestoneFacts {
  return {
    id: 'm',
    name: 'Reel',
    amountPaise: 2_500_000,
    state: 'funded',
    dueDate: '2026-11-10',
    fundedAt: null,
    firstSubmittedAt: null,
    approvalDueAt: null,
    approvedAt: null,
    approvedBy: null,
    releasedAt: null,
    settledAt: null,
    refundedAt: null,
    changeRequests: [],
    disputedAt: null,
    ...overrides,
  };
}

function deal(overrides: Partial<DealFacts>): DealFacts {
  return {
    dealId: 'd1',
    revision: 1,
    creatorId: 'asha',
    creatorName: 'Asha Rao',
    title: 'Diwali reel',
    brandKey: 'glow naturals',
    brandName: 'Glow Naturals',
    brandAccountId: null,
    state: 'accepted',
    acceptedAt: at('2026-11-01T04:30:00Z'),
    approvalWindowDays: 7,
    milestones: [],
    ...overrides,
  };
}

describe('a milestone delivered on time', () => {
  it('was first submitted on or before its due date, India time', () => {
    // 2026-11-10 ends at 00:00 IST on the 11th, which is 18:30 UTC on the 10th.
    expect(deliveredOnTime(milestone({ firstSubmittedAt: at('2026-11-10T18:29:59Z') }))).toBe(true);
    expect(deliveredOnTime(milestone({ firstSubmittedAt: at('2026-11-10T18:30:00Z') }))).toBe(
      false,
    );
    expect(deliveredOnTime(milestone({ firstSubmittedAt: at('2026-11-02T10:00:00Z') }))).toBe(true);
  });

  it('is not one never submitted, nor one with a malformed due date', () => {
    expect(deliveredOnTime(milestone({ firstSubmittedAt: null }))).toBe(false);
    expect(
      deliveredOnTime(milestone({ dueDate: 'soon', firstSubmittedAt: at('2026-11-02T10:00:00Z') })),
    ).toBe(false);
  });
});

describe("a creator's track record", () => {
  const completed = deal({
    dealId: 'done',
    state: 'completed',
    milestones: [
      milestone({
        id: 'a',
        state: 'settled',
        firstSubmittedAt: at('2026-11-09T06:00:00Z'),
        releasedAt: at('2026-11-12T06:00:00Z'),
      }),
      milestone({
        id: 'b',
        state: 'released',
        dueDate: '2026-11-20',
        // Late: submitted the day after its due date; changes asked later do not matter.
        firstSubmittedAt: at('2026-11-21T06:00:00Z'),
        changeRequests: [at('2026-11-22T06:00:00Z')],
        releasedAt: at('2026-11-25T06:00:00Z'),
      }),
    ],
  });
  const running = deal({
    dealId: 'running',
    milestones: [
      milestone({ id: 'c', state: 'submitted', firstSubmittedAt: at('2026-11-03T06:00:00Z') }),
      milestone({ id: 'd', state: 'funded' }),
      milestone({ id: 'e', state: 'pending' }),
    ],
  });

  it('counts completed deals, delivered and on-time milestones, and released payments', () => {
    expect(trackRecordOf([completed, running])).toEqual({
      dealsCompleted: 1,
      milestonesDelivered: 3,
      milestonesOnTime: 2,
      paymentsReceived: 2,
    });
    expect(trackRecordOf([])).toEqual(EMPTY_TRACK_RECORD);
  });

  it('a revised deal replaces its earlier facts instead of adding to them', () => {
    const before = deal({ dealId: 'done', state: 'accepted', milestones: [] });
    const afterFirst = withDealRevised(EMPTY_TRACK_RECORD, before, undefined);
    const afterRevision = withDealRevised(afterFirst, { ...completed, revision: 2 }, before);
    expect(afterRevision).toEqual(trackRecordOf([completed]));
  });

  it('the on-time share is rounded down to a whole percent, and there is none before a delivery', () => {
    expect(onTimePercent(trackRecordOf([completed, running]))).toBe(66);
    expect(onTimePercent(EMPTY_TRACK_RECORD)).toBeNull();
  });
});
