import { parseKitContent, EMPTY_KIT_CONTENT, safePortfolioUrl } from './media-kit.js';
import { InvalidMediaKitError } from './media-kit.errors.js';
import { dealDraftFromPackage, splitPaise } from './package-draft.js';
import type { RatePackage } from './rate-package.js';

const reel: RatePackage = {
  id: 'p1',
  title: 'Instagram Reel',
  platform: 'instagram',
  kind: 'reel',
  quantity: 2,
  usageRights: 'Organic use on the brand’s Instagram',
  usagePeriodDays: 90,
  pricePaise: 2_500_001,
  priceIsFrom: false,
  turnaroundDays: 10,
  milestoneSplit: [50, 50],
  visible: true,
};

const request = {
  brand: {
    companyName: 'Glow Naturals',
    contactName: 'Priya Shah',
    contactEmail: 'priya@glownaturals.in',
    contactMobile: '9876543210',
  },
  brief: 'Two reels on our monsoon range',
  startDate: '2026-12-01',
};

describe('a package turned into a deal draft', () => {
  it('carries the deliverable, the price and a 50/50 split: advance at the start, the rest on delivery', () => {
    const draft = dealDraftFromPackage(reel, request, '2026-11-27');
    expect(draft).toMatchObject({
      title: 'Instagram Reel for Glow Naturals',
      brief: 'Two reels on our monsoon range',
      brand: request.brand,
      totalPaise: 2_500_001,
      deliverables: [
        {
          platform: 'instagram',
          kind: 'reel',
          quantity: 2,
          dueDate: '2026-12-11',
          usageRights: 'Organic use on the brand’s Instagram',
          usagePeriodDays: 90,
        },
      ],
      milestones: [
        { name: 'Advance', amountPaise: 1_250_000, dueDate: '2026-12-01' },
        { name: 'On delivery', amountPaise: 1_250_001, dueDate: '2026-12-11' },
      ],
    });
  });

  it('starts today when the asked start has passed, and a single part is paid on delivery', () => {
    const draft = dealDraftFromPackage({ ...reel, milestoneSplit: [100] }, request, '2026-12-05');
    expect(draft.milestones).toEqual([
      expect.objectContaining({
        name: 'On delivery',
        amountPaise: 2_500_001,
        dueDate: '2026-12-15',
      }),
    ]);
  });

  it('spreads a three-part split over the turnaround and keeps every paisa', () => {
    expect(splitPaise(1_000, [30, 30, 40])).toEqual([300, 300, 400]);
    expect(splitPaise(1_001, [33, 33, 34])).toEqual([330, 330, 341]);
    const draft = dealDraftFromPackage(
      { ...reel, milestoneSplit: [30, 30, 40] },
      request,
      '2026-11-27',
    );
    expect(draft.milestones.map((item) => item.dueDate)).toEqual([
      '2026-12-01',
      '2026-12-06',
      '2026-12-11',
    ]);
    expect(draft.milestones.reduce((sum, item) => sum + item.amountPaise, 0)).toBe(
      draft.totalPaise,
    );
  });
});

describe('the kit as submitted', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  let ids = 0;
  const newId = () => `new-${String((ids += 1))}`;

  function problems(
    input: Parameters<typeof parseKitContent>[0],
  ): Record<string, string | undefined> {
    try {
      parseKitContent(input, now, EMPTY_KIT_CONTENT, newId);
      return {};
    } catch (error) {
      if (!(error instanceof InvalidMediaKitError)) throw error;
      return error.fieldErrors;
    }
  }

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://files.example',
    '/relative',
    'https://user:pw@x.in',
    'https://exa mple.com',
  ])('refuses the portfolio link %s', (link) => {
    expect(safePortfolioUrl(link)).toBeUndefined();
    expect(problems({ portfolioLinks: [link] })['portfolioLinks[0]']).toMatch(/https:\/\//);
  });

  it('keeps up to 12 http(s) portfolio links, not 13', () => {
    const links = Array.from({ length: 13 }, (_, index) => `https://example.com/${String(index)}`);
    expect(problems({ portfolioLinks: links.slice(0, 12) })).toEqual({});
    expect(problems({ portfolioLinks: links }).portfolioLinks).toMatch(/At most 12/);
  });

  it('marks audience figures self-reported with the date entered, and keeps that date while unchanged', () => {
    const platforms = [
      {
        platform: 'instagram',
        handle: '@asha',
        audience: { followers: 120_000, medianViews: 40_000, note: '64% women' },
      },
    ];
    const first = parseKitContent({ platforms }, now, EMPTY_KIT_CONTENT, newId);
    expect(first.platforms[0]).toEqual({
      platform: 'instagram',
      handle: 'asha',
      audience: {
        followers: 120_000,
        medianViews: 40_000,
        note: '64% women',
        source: 'self-reported',
        asOf: now,
      },
    });
    const later = new Date('2026-12-10T10:00:00Z');
    expect(
      parseKitContent({ platforms }, later, first, newId).platforms[0]?.audience?.asOf,
    ).toEqual(now);
    const grown = [
      { ...platforms[0], audience: { followers: 130_000, medianViews: 40_000, note: '64% women' } },
    ];
    expect(
      parseKitContent({ platforms: grown }, later, first, newId).platforms[0]?.audience?.asOf,
    ).toEqual(later);
  });

  it('checks prices in integer paise within the deal form’s limits and a split adding up to 100', () => {
    const base = { ...reel, id: undefined };
    expect(
      problems({ packages: [{ ...base, pricePaise: 99.5 }] })['packages[0].pricePaise'],
    ).toMatch(/whole paise/);
    expect(
      problems({ packages: [{ ...base, pricePaise: 1_00_00_000_01 }] })['packages[0].pricePaise'],
    ).toMatch(/whole paise/);
    expect(
      problems({ packages: [{ ...base, milestoneSplit: [50, 40] }] })['packages[0].milestoneSplit'],
    ).toMatch(/add up to 100/);
    expect(problems({ packages: [{ ...base, quantity: 101 }] })['packages[0].quantity']).toMatch(
      /1 to 100/,
    );
    expect(problems({ packages: [base] })).toEqual({});
  });

  it('keeps the order and visibility of packages, and the ids it knows', () => {
    const first = parseKitContent(
      {
        packages: [
          { ...reel, id: 'forged' },
          { ...reel, title: 'Story', visible: false },
        ],
      },
      now,
      EMPTY_KIT_CONTENT,
      newId,
    );
    expect(first.packages.map((item) => [item.title, item.visible])).toEqual([
      ['Instagram Reel', true],
      ['Story', false],
    ]);
    expect(first.packages[0]?.id).not.toBe('forged');
    const again = parseKitContent(
      { packages: [first.packages[1], first.packages[0]] },
      now,
      first,
      newId,
    );
    expect(again.packages.map((item) => item.id)).toEqual([
      first.packages[1]?.id,
      first.packages[0]?.id,
    ]);
  });
});
