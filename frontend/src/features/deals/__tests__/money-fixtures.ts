import type { DealMoneyDto, MilestoneMoneyDto } from '@/api/generated/types.gen';

export const TOKEN = 'review-token-abcdefghijklmnopqrstuvwxyz012345';

export const milestoneMoney = (overrides: Partial<MilestoneMoneyDto> = {}): MilestoneMoneyDto => ({
  id: 'm1',
  name: 'Reel goes live',
  releaseCondition: 'The reel is live on Instagram',
  amountPaise: 1_25_000_00,
  dueDate: '2026-12-20',
  state: 'pending',
  fundedAt: null,
  submission: null,
  revisionsUsed: 0,
  approvalDueAt: null,
  approvedAt: null,
  releasedAt: null,
  settledAt: null,
  refundedAt: null,
  dispute: null,
  ...overrides,
});

export const dealMoney = (milestones: MilestoneMoneyDto[]): DealMoneyDto => ({
  dealId: 'd1',
  title: 'Diwali reel',
  state: 'accepted',
  brandCompany: 'Chai Point',
  totalPaise: milestones.reduce((sum, each) => sum + each.amountPaise, 0),
  approvalWindowDays: 7,
  revisionRounds: 2,
  milestones,
  brandBilling: null,
  cancellation: null,
  cancelledByAgreement: null,
});

export const submitted = (overrides: Partial<MilestoneMoneyDto> = {}) =>
  milestoneMoney({
    state: 'submitted',
    fundedAt: '2026-11-25T10:00:00.000Z',
    submission: {
      links: ['https://www.instagram.com/reel/abc123/'],
      note: '<b>Live</b> since noon',
      at: '2026-11-25T12:00:00.000Z',
    },
    approvalDueAt: '2026-12-02T12:00:00.000Z',
    ...overrides,
  });

type Dispute = NonNullable<MilestoneMoneyDto['dispute']>;

/** A milestone frozen by a dispute `openedBy` one side, unanswered and undecided unless told. */
export const disputed = (
  openedBy: Dispute['openedBy'],
  overrides: Partial<Pick<Dispute, 'reason' | 'answer' | 'resolution'>> = {},
) =>
  milestoneMoney({
    state: 'disputed',
    dispute: {
      id: 'x1',
      openedBy,
      reason: 'The reel never tagged us',
      at: '2026-11-26T09:00:00.000Z',
      answer: null,
      resolution: null,
      ...overrides,
    },
  });
