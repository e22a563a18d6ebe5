import {
  financialYearOf,
  financialYearStarting,
  indianMonthOf,
  isInFinancialYear,
  monthsOf,
  parseFinancialYear,
} from './financial-year.js';
import { checkDayRange, checkFinancialYear } from './report-range.js';

describe('the financial year in India’s time', () => {
  const fy2026 = financialYearStarting(2026);

  it.each([
    [
      '31 March 23:30 IST (18:00 UTC) is still the year ending that day',
      '2027-03-31T18:00:00.000Z',
      '2026-27',
    ],
    [
      '31 March 23:59:59.999 IST is the last instant of the year',
      '2027-03-31T18:29:59.999Z',
      '2026-27',
    ],
    [
      '1 April 00:00 IST (18:30 UTC on 31 March) starts the next year',
      '2027-03-31T18:30:00.000Z',
      '2027-28',
    ],
    [
      '1 April 05:29 IST is the new year though it is 31 March in UTC',
      '2026-03-31T23:59:00.000Z',
      '2026-27',
    ],
    [
      '31 March 2026 18:29:59.999 UTC is 23:59:59.999 IST, the year before',
      '2026-03-31T18:29:59.999Z',
      '2025-26',
    ],
    ['31 December sits in the year that began in April', '2026-12-31T12:00:00.000Z', '2026-27'],
    ['1 January IST while 31 December in UTC', '2026-12-31T19:00:00.000Z', '2026-27'],
  ])('%s', (_what, at, label) => {
    expect(financialYearOf(new Date(at)).label).toBe(label);
    expect(isInFinancialYear(new Date(at), parseFinancialYear(label) ?? fy2026)).toBe(true);
  });

  it('runs from 1 April 00:00 IST to the next 1 April 00:00 IST (exclusive)', () => {
    expect(fy2026.start.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(fy2026.end.toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(isInFinancialYear(fy2026.end, fy2026)).toBe(false);
    expect(isInFinancialYear(fy2026.start, fy2026)).toBe(true);
  });

  it('names the months April to March, and a month by India’s calendar', () => {
    expect(monthsOf(fy2026)).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    expect(indianMonthOf(new Date('2026-04-30T18:30:00.000Z'))).toBe('2026-05');
    expect(indianMonthOf(new Date('2026-04-30T18:29:59.999Z'))).toBe('2026-04');
  });

  it.each(['2026-28', '2026', '26-27', '2026-27x', '1999-00', '2099-01'])(
    'does not read %s as a financial year',
    (label) => {
      expect(parseFinancialYear(label)).toBeUndefined();
    },
  );
  it('reads 2099-00 (the century turns)', () => {
    expect(parseFinancialYear('2099-00')?.startYear).toBe(2099);
  });
});

describe('the ranges a report is asked for', () => {
  const now = new Date('2026-11-27T20:00:00.000Z'); // 28 November 01:30 IST

  it('takes whole Indian days, both ends included', () => {
    const check = checkDayRange('2026-04-01', '2026-11-28', now);
    expect(check).toEqual({
      ok: true,
      value: {
        from: '2026-04-01',
        to: '2026-11-28',
        start: new Date('2026-03-31T18:30:00.000Z'),
        end: new Date('2026-11-28T18:30:00.000Z'),
      },
    });
  });

  it.each([
    ['2026-13-01', '2026-11-01', { from: 'from must be a date like 2026-11-23' }],
    ['2026-02-30', '2026-03-01', { from: 'from must be a date like 2026-11-23' }],
    ['2026-01-01', 'yesterday', { to: 'to must be a date like 2026-11-23' }],
    ['2026-05-01', '2026-04-30', { to: 'to must not be before from' }],
    ['2026-11-01', '2026-11-29', { to: 'to must not be in the future' }],
    [
      '2026-11-29',
      '2026-11-29',
      { from: 'from must not be in the future', to: 'to must not be in the future' },
    ],
    ['2021-11-28', '2026-11-28', { to: 'the range must not be longer than 5 years' }],
  ])('refuses %s … %s by the field', (from, to, errors) => {
    expect(checkDayRange(from, to, now)).toEqual({ ok: false, errors });
  });

  it('allows exactly five years less a day', () => {
    expect(checkDayRange('2021-11-29', '2026-11-28', now).ok).toBe(true);
  });

  it('defaults the statement to the current year and refuses one not begun or badly written', () => {
    expect(checkFinancialYear(undefined, now)).toMatchObject({
      ok: true,
      value: { label: '2026-27' },
    });
    expect(checkFinancialYear('2027-28', now)).toEqual({
      ok: false,
      errors: { financialYear: 'financialYear must not be in the future' },
    });
    expect(checkFinancialYear('2026-2027', now)).toEqual({
      ok: false,
      errors: { financialYear: 'financialYear must be a financial year written 2026-27' },
    });
  });
});
