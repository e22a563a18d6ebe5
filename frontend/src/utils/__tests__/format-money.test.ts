import { describe, expect, it } from 'vitest';
import { formatMoney, formatRupeesInput, parseRupees, sumPaise } from '../format-money';

describe('formatMoney', () => {
  it.each([
    [0, '₹0.00'],
    [100, '₹1.00'],
    [5, '₹0.05'],
    [12_500_000, '₹1,25,000.00'],
    [12_500_050, '₹1,25,000.50'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [123_456_789_01, '₹12,34,56,789.01'],
    [-50_000, '−₹500.00'],
  ])('shows %i paise as %s', (paise, text) => {
    expect(formatMoney(paise)).toBe(text);
  });
});

describe('formatRupeesInput', () => {
  it('leaves out the sign and zero paise, keeps Indian grouping', () => {
    expect(formatRupeesInput(12_500_000)).toBe('1,25,000');
    expect(formatRupeesInput(12_500_050)).toBe('1,25,000.50');
    expect(formatRupeesInput(1_005)).toBe('10.05');
  });
});

describe('parseRupees', () => {
  it.each([
    ['1,25,000', 12_500_000],
    ['125000', 12_500_000],
    ['₹ 2,500.00', 250_000],
    ['0.5', 50],
    ['10.05', 1_005],
    [' 99 ', 9_900],
  ])('reads %j as %i paise', (text, paise) => {
    expect(parseRupees(text)).toBe(paise);
  });

  it('reads an empty field as null', () => {
    expect(parseRupees('')).toBeNull();
    expect(parseRupees(' , ')).toBeNull();
  });

  it.each(['abc', '-500', '1e5', '10.005', '1.2.3', '12a', 'NaN', '99999999999999999999'])(
    'refuses %j',
    (text) => {
      expect(parseRupees(text)).toBeNaN();
    },
  );

  it('round-trips what it formats', () => {
    for (const paise of [1, 99, 100, 12_345_67, 1_000_000_000]) {
      expect(parseRupees(formatRupeesInput(paise))).toBe(paise);
    }
  });
});

describe('sumPaise', () => {
  it('adds whole paise and skips empty or invalid rows', () => {
    expect(sumPaise([1_000, null, Number.NaN, undefined, 2_500])).toBe(3_500);
    expect(sumPaise([])).toBe(0);
  });
});
