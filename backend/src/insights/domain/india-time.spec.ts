import {
  customPeriod,
  financialYear,
  financialYearOf,
  indiaDayKey,
  InvalidRangeError,
  presetPeriod,
  previousPeriod,
} from './india-time.js';

const iso = ({ from, to }: { from: Date; to: Date }) => [from.toISOString(), to.toISOString()];

describe('periods in India time', () => {
  it('puts 23:30 IST on 31 March in the financial year ending that day, midnight in the next', () => {
    expect(financialYearOf(new Date('2026-03-31T18:00:00Z'))).toBe(2025);
    expect(financialYearOf(new Date('2026-03-31T18:29:59.999Z'))).toBe(2025);
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe(2026);
    expect(financialYearOf(new Date('2025-03-31T18:30:00Z'))).toBe(2025);
    expect(iso(financialYear(2025))).toEqual([
      '2025-03-31T18:30:00.000Z',
      '2026-03-31T18:30:00.000Z',
    ]);
  });

  it('names India days, whatever the UTC date', () => {
    expect(indiaDayKey(Date.parse('2025-12-04T18:30:00Z'))).toBe('2025-12-05');
    expect(indiaDayKey(Date.parse('2025-12-04T18:29:59Z'))).toBe('2025-12-04');
  });

  it('makes the presets and their previous periods from now, in India time', () => {
    // 1 January 2026, 00:10 IST (still 31 December in UTC).
    const now = new Date('2025-12-31T18:40:00Z');
    const month = presetPeriod('this_month', now);
    expect(iso(month)).toEqual(['2025-12-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z']);
    expect(iso(previousPeriod(month, 'this_month'))).toEqual([
      '2025-11-30T18:30:00.000Z',
      '2025-12-31T18:30:00.000Z',
    ]);
    const quarter = presetPeriod('last_3_months', now);
    expect(iso(quarter)).toEqual(['2025-10-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z']);
    expect(iso(previousPeriod(quarter, 'last_3_months'))).toEqual([
      '2025-07-31T18:30:00.000Z',
      '2025-10-31T18:30:00.000Z',
    ]);
    const year = presetPeriod('this_financial_year', now);
    expect(iso(year)).toEqual(iso(financialYear(2025)));
    expect(iso(previousPeriod(year, 'this_financial_year'))).toEqual(iso(financialYear(2024)));
    // At 23:30 IST on 31 March the financial year is still the one ending that day.
    expect(iso(presetPeriod('this_financial_year', new Date('2026-03-31T18:00:00Z')))).toEqual(
      iso(financialYear(2025)),
    );
  });

  it('reads a custom range as whole India days, and its previous period as as many days before', () => {
    const now = new Date('2026-03-31T18:00:00Z');
    const range = customPeriod('2026-03-01', '2026-03-31', now);
    expect(iso(range)).toEqual(['2026-02-28T18:30:00.000Z', '2026-03-31T18:30:00.000Z']);
    expect(iso(previousPeriod(range, 'custom'))).toEqual([
      '2026-01-28T18:30:00.000Z',
      '2026-02-28T18:30:00.000Z',
    ]);
  });

  it.each([
    ['2026-02-30', '2026-03-01', 'from', 'from must be a calendar date written YYYY-MM-DD'],
    ['01-03-2026', '2026-03-01', 'from', 'from must be a calendar date written YYYY-MM-DD'],
    ['2026-03-01', '2026-3-1', 'to', 'to must be a calendar date written YYYY-MM-DD'],
    ['2026-03-10', '2026-03-09', 'to', 'to must not be before from'],
    ['2021-03-31', '2026-03-31', 'to', 'the range must be at most 5 years'],
    ['2026-04-01', '2026-04-02', 'from', 'from must not be in the future'],
    ['2026-03-01', '2026-04-01', 'to', 'to must not be in the future'],
  ])('refuses %s to %s, naming %s', (from, to, field, message) => {
    const now = new Date('2026-03-31T18:00:00Z');
    expect(() => customPeriod(from, to, now)).toThrow(
      new InvalidRangeError(field as 'to', message),
    );
    try {
      customPeriod(from, to, now);
    } catch (error) {
      expect((error as InvalidRangeError).field).toBe(field);
    }
  });

  it('accepts exactly 5 years', () => {
    const now = new Date('2026-03-31T18:00:00Z');
    expect(iso(customPeriod('2021-04-01', '2026-03-31', now))).toEqual([
      '2021-03-31T18:30:00.000Z',
      '2026-03-31T18:30:00.000Z',
    ]);
  });
});
