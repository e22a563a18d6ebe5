import type { Deal } from '../../deals/deals.contract.js';
import {
  answered,
  draftOfRequest,
  type PackageRequest,
  parseDeclineReason,
  parsePackageRequest,
} from './package-request.js';
import {
  InvalidPackageRequestError,
  PackageRequestAnsweredError,
} from './package-request.errors.js';
import type { RatePackage } from './rate-package.js';
import { dealProgressOf, requestFunnel } from './request-funnel.js';

const TODAY = '2026-11-28';

const form = {
  companyName: '  Glow   Naturals ',
  contactName: 'Meera Shah',
  contactEmail: 'Meera@GlowNaturals.in',
  brief: 'Diwali serum launch.\nOne reel.',
  startDate: '2026-12-01',
  endDate: '2026-12-20',
};

const reel: RatePackage = {
  id: 'p1',
  title: 'Instagram Reel',
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic use',
  usagePeriodDays: 90,
  pricePaise: 1_000_000,
  priceIsFrom: false,
  turnaroundDays: 10,
  milestoneSplit: [50, 50],
  visible: true,
};

const requested: PackageRequest = {
  id: 'r1',
  creatorId: 'c1',
  package: reel,
  brand: {
    companyName: 'Glow Naturals',
    contactName: 'Meera Shah',
    contactEmail: 'meera@glownaturals.in',
    contactMobile: '9876543210',
  },
  brandAccountId: null,
  brief: 'One reel',
  startDate: '2026-12-01',
  endDate: '2026-12-20',
  state: 'requested',
  requestedAt: new Date('2026-11-28T05:00:00Z'),
  decidedAt: null,
  declineReason: null,
  dealId: null,
};

function problemsOf(input: Record<string, unknown>): Record<string, string | undefined> {
  try {
    parsePackageRequest(input, TODAY);
  } catch (error) {
    if (error instanceof InvalidPackageRequestError) return { ...error.fieldErrors };
    throw error;
  }
  return {};
}

describe('a brand’s package request', () => {
  it('keeps the texts as the deal form does: trimmed, spaces collapsed, e-mail as the waitlist stores it', () => {
    expect(parsePackageRequest(form, TODAY)).toEqual({
      ...form,
      companyName: 'Glow Naturals',
      contactEmail: expect.stringMatching(/^meera@glownaturals\.in$/i) as string,
    });
  });

  it('names every problem at once', () => {
    expect(
      problemsOf({
        companyName: '',
        contactName: 'A\u202eB',
        contactEmail: 'not an address',
        brief: '',
        startDate: '2026-02-30',
        endDate: 'soon',
      }),
    ).toEqual({
      companyName: expect.any(String) as string,
      contactName: expect.any(String) as string,
      contactEmail: expect.any(String) as string,
      brief: expect.any(String) as string,
      startDate: 'startDate must be a date (YYYY-MM-DD)',
      endDate: 'endDate must be a date (YYYY-MM-DD)',
    });
  });

  it('refuses past days, days beyond a year, and an end before the start', () => {
    expect(problemsOf({ ...form, startDate: '2026-11-27' }).startDate).toBe(
      'startDate cannot be in the past',
    );
    expect(problemsOf({ ...form, endDate: '2027-12-01' }).endDate).toBe(
      'endDate must be within a year',
    );
    expect(problemsOf({ ...form, startDate: '2026-12-10', endDate: '2026-12-09' }).endDate).toBe(
      'endDate must be on or after startDate',
    );
    expect(problemsOf({ ...form, startDate: TODAY, endDate: TODAY })).toEqual({});
  });

  it('is answered once: accepted or declined, never both, never twice', () => {
    const at = new Date('2026-11-29T05:00:00Z');
    const accepted = answered(requested, 'accepted', at, 'ignored');
    expect(accepted).toMatchObject({ state: 'accepted', decidedAt: at, declineReason: null });
    expect(() => answered(accepted, 'declined', at)).toThrow(PackageRequestAnsweredError);
    expect(() => answered(accepted, 'accepted', at)).toThrow(PackageRequestAnsweredError);
    const declined = answered(requested, 'declined', at, 'Booked');
    expect(declined).toMatchObject({ state: 'declined', declineReason: 'Booked' });
    expect(() => answered(declined, 'accepted', at)).toThrow(PackageRequestAnsweredError);
  });

  it('takes an optional decline reason, empty as none, and refuses a long one', () => {
    expect(parseDeclineReason(undefined)).toBeNull();
    expect(parseDeclineReason('   ')).toBeNull();
    expect(parseDeclineReason(' Booked till January ')).toBe('Booked till January');
    expect(() => parseDeclineReason('x'.repeat(501))).toThrow(InvalidPackageRequestError);
  });

  it('starts a draft for the requesting brand from the package, from the brand’s first day', () => {
    const draft = draftOfRequest(requested, TODAY);
    expect(draft).toMatchObject({
      title: 'Instagram Reel for Glow Naturals',
      brief: 'One reel',
      brand: requested.brand,
      totalPaise: 1_000_000,
      deliverables: [{ dueDate: '2026-12-11', quantity: 1 }],
      milestones: [
        { amountPaise: 500_000, dueDate: '2026-12-01' },
        { amountPaise: 500_000, dueDate: '2026-12-11' },
      ],
    });
  });
});

interface DealFacts {
  readonly sentAt?: Date | null;
  readonly history?: readonly { to: string; milestone?: string }[];
  readonly milestones?: readonly { state: string }[];
}

/** A deal with only what the funnel reads (the rest of a deal is not looked at). */
function deal(facts: DealFacts): Deal {
  return {
    id: 'd1',
    sentAt: null,
    history: [],
    milestones: [{ state: 'pending' }],
    ...facts,
  } as unknown as Deal;
}

describe('the requests funnel', () => {
  const at = new Date('2026-11-28T05:00:00Z');
  const moved = (to: string, milestone?: string) => ({ to, ...(milestone && { milestone }) });

  it('reads sent, accepted and funded from the deal’s own record', () => {
    expect(dealProgressOf(deal({}))).toEqual({ sent: false, accepted: false, funded: false });
    expect(dealProgressOf(deal({ sentAt: at }))).toMatchObject({ sent: true, accepted: false });
    const signed = deal({
      sentAt: at,
      history: [moved('sent'), moved('accepted')],
    });
    expect(dealProgressOf(signed)).toEqual({ sent: true, accepted: true, funded: false });
    const refunded = deal({
      sentAt: at,
      history: [moved('accepted')],
      milestones: [{ state: 'refunded' }, { state: 'pending' }],
    });
    expect(dealProgressOf(refunded).funded).toBe(true);
  });

  it('a milestone’s own "accepted" move is not the deal’s acceptance', () => {
    const milestoneOnly = deal({ history: [moved('accepted', 'm1')] });
    expect(dealProgressOf(milestoneOnly).accepted).toBe(false);
  });

  it('counts requests at each step; declined, unanswered and vanished deals stop at received', () => {
    const progress = new Map([
      ['d1', { sent: true, accepted: true, funded: true }],
      ['d2', { sent: true, accepted: true, funded: false }],
      ['d3', { sent: true, accepted: false, funded: false }],
      ['d4', { sent: false, accepted: false, funded: false }],
    ]);
    const requests = ['d1', 'd2', 'd3', 'd4', 'gone', null, null].map((dealId) => ({ dealId }));
    expect(requestFunnel(requests, progress)).toEqual({
      received: 7,
      dealsSent: 3,
      accepted: 2,
      funded: 1,
    });
    expect(requestFunnel([], progress)).toEqual({
      received: 0,
      dealsSent: 0,
      accepted: 0,
      funded: 0,
    });
  });
});
