import { InvalidDealError } from './deal.errors.js';
import { type DealTermsInput, indianToday, LIMITS, parseDealTerms } from './deal-terms.js';
import { checkDealText, parseDealText, TYPED_TEXT_RULES } from './deal-text.js';

const NOW = new Date('2026-11-25T20:00:00.000Z'); // 26 November in India
const ids = (index: number) => `m${String(index + 1)}`;

function terms(overrides: Partial<DealTermsInput> = {}): DealTermsInput {
  return {
    title: '  Diwali launch  ',
    brief: 'Line one\nLine two',
    campaign: '',
    brand: {
      companyName: 'Glow Naturals',
      contactName: 'Priya Mehta',
      contactEmail: ' Priya@GlowNaturals.in ',
      contactMobile: '98765 43210',
    },
    deliverables: [
      {
        platform: 'instagram',
        kind: 'reel',
        quantity: 1,
        dueDate: '2026-12-20',
        usageRights: 'Organic',
        usagePeriodDays: 90,
      },
    ],
    milestones: [
      { name: 'A', releaseCondition: 'Signed', amountPaise: 2_500_000, dueDate: '2026-11-26' },
      { name: 'B', releaseCondition: 'Draft', amountPaise: 5_000_000, dueDate: '2026-12-10' },
      { name: 'C', releaseCondition: 'Live', amountPaise: 5_000_000, dueDate: '2026-12-20' },
    ],
    totalPaise: 12_500_000,
    ...overrides,
  };
}

function problemsOf(input: DealTermsInput): Record<string, string> {
  try {
    parseDealTerms(input, NOW, ids);
  } catch (error) {
    if (error instanceof InvalidDealError) return { ...error.fieldErrors };
    throw error;
  }
  return {};
}

describe("a creator's deal terms", () => {
  it('normalises valid terms, with the waitlist rules for the brand contact', () => {
    const parsed = parseDealTerms(terms(), NOW, ids);
    expect(parsed).toMatchObject({
      title: 'Diwali launch',
      campaign: null,
      brand: { contactEmail: 'priya@glownaturals.in', contactMobile: '9876543210' },
      totalPaise: 12_500_000,
      approvalWindowDays: 7,
      gstApplies: false,
      gstin: null,
    });
    expect(parsed.milestones.map(({ id, state }) => `${id}:${state}`)).toEqual([
      'm1:pending',
      'm2:pending',
      'm3:pending',
    ]);
  });

  it('takes "today" as the day in India', () => {
    expect(indianToday(NOW)).toBe('2026-11-26');
    expect(problemsOf(terms())).toEqual({});
    const yesterday = terms({
      milestones: [
        { name: 'A', releaseCondition: 'x', amountPaise: 12_500_000, dueDate: '2026-11-25' },
      ],
    });
    expect(problemsOf(yesterday)).toEqual({
      'milestones.0.dueDate': 'milestones.0.dueDate must not be in the past',
    });
  });

  it('requires the milestones to add up to the total', () => {
    expect(problemsOf(terms({ totalPaise: 12_500_001 }))).toEqual({
      totalPaise: 'totalPaise must equal the sum of the milestones (₹1,25,000.00 = 12500000 paise)',
    });
  });

  it.each([
    ['a string', '5000'],
    ['a float', 50.5],
    ['negative', -100],
    ['zero', 0],
    ['NaN', Number.NaN],
    ['over one crore', 1_00_00_000_01],
  ])('refuses an amount that is %s', (_what, amountPaise) => {
    const input = terms({
      milestones: [
        {
          name: 'A',
          releaseCondition: 'x',
          amountPaise: amountPaise as number,
          dueDate: '2026-12-01',
        },
      ],
      totalPaise: 100,
    });
    expect(problemsOf(input)['milestones.0.amountPaise']).toMatch(/amountPaise must be/);
  });

  it('takes 1 to 20 milestones', () => {
    const one = { name: 'A', releaseCondition: 'x', amountPaise: 100, dueDate: '2026-12-01' };
    expect(problemsOf(terms({ milestones: [], totalPaise: 100 })).milestones).toMatch(/1 to 20/);
    expect(problemsOf(terms({ milestones: Array(20).fill(one), totalPaise: 2000 }))).toEqual({});
    expect(
      problemsOf(terms({ milestones: Array(21).fill(one), totalPaise: 2100 })).milestones,
    ).toMatch(/1 to 20/);
  });

  it('checks the GSTIN, required when GST applies', () => {
    expect(problemsOf(terms({ gstApplies: true })).gstin).toBe(
      'gstin is required when GST applies',
    );
    expect(problemsOf(terms({ gstApplies: true, gstin: '27AAPFU0939F1ZA' })).gstin).toMatch(
      /check character/,
    );
    expect(
      parseDealTerms(terms({ gstApplies: true, gstin: '27AAPFU0939F1ZV' }), NOW, ids).gstin,
    ).toBe('27AAPFU0939F1ZV');
    expect(problemsOf(terms({ gstin: '27aapfu0939f1zv' })).gstin).toMatch(/GSTIN/);
  });

  it('caps text lengths and refuses control characters', () => {
    expect(problemsOf(terms({ title: 'x'.repeat(121) })).title).toBe(
      'title must be at most 120 characters',
    );
    expect(problemsOf(terms({ title: 'a\u0000b' })).title).toMatch(/control/);
    expect(problemsOf(terms({ title: 'a\nb' })).title).toMatch(/control/);
    expect(problemsOf(terms({ brief: 'x'.repeat(5001) })).brief).toMatch(/at most 5000/);
  });

  it("reports the brand contact's problems in the waitlist's words", () => {
    const brand = { ...terms().brand, contactMobile: '12345', contactEmail: 'not-an-address' };
    expect(problemsOf(terms({ brand }))).toEqual({
      'brand.contactMobile': 'Please enter a valid 10-digit phone number',
      'brand.contactEmail': 'Please enter a valid email address',
    });
  });
});

describe("the deal texts' rule (terms and every text a party types on a deal)", () => {
  const name = TYPED_TEXT_RULES.fullName;
  const comment = TYPED_TEXT_RULES.comment;

  it('trims, collapses runs of spaces and counts characters as code points', () => {
    expect(checkDealText('fullName', '  Priya \u00a0  Mehta ', name)).toEqual({
      text: 'Priya Mehta',
    });
    expect(checkDealText('fullName', '😀'.repeat(LIMITS.fullName), name).problem).toBeUndefined();
    expect(checkDealText('fullName', 'a'.repeat(LIMITS.fullName + 1), name).problem).toBe(
      `fullName must be at most ${String(LIMITS.fullName)} characters`,
    );
  });

  it.each([
    ['a bidi override', 'Priya\u202eatheM'],
    ['a bidi isolate', 'Priya\u2066Mehta'],
    ['a bell', 'Priya\u0007'],
    ['a zero-width joiner', 'Pri\u200dya'],
    ['a soft hyphen', 'Pri\u00adya'],
    ['a line break', 'Priya\nMehta'],
  ])('refuses %s in a single-line text', (_case, value) => {
    expect(checkDealText('fullName', value, name).problem).toBe(
      'fullName must not contain control or invisible characters',
    );
  });

  it('keeps line breaks and tabs in a multi-line text, nothing else invisible', () => {
    expect(checkDealText('comment', 'One\r\n\tTwo', comment)).toEqual({ text: 'One\n\tTwo' });
    expect(checkDealText('comment', 'One\u202eTwo', comment).problem).toBe(
      'comment must not contain control or invisible characters',
    );
  });

  it('requires a required text and throws InvalidDealError naming the field', () => {
    const refusal = () => parseDealText('comment', ' \u00a0 ', comment);
    expect(refusal).toThrow(InvalidDealError);
    expect(refusal).toThrow('Validation failed');
    expect(checkDealText('comment', ' \u00a0 ', comment).problem).toBe('comment is required');
    expect(parseDealText('reason', undefined, TYPED_TEXT_RULES.declineReason)).toBe('');
  });
});
