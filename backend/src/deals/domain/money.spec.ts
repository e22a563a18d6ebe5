import {
  formatRupees,
  indianGrouping,
  indianNumberInWords,
  MAX_MILESTONE_PAISE,
  rupeesInWords,
  sumPaise,
} from './money.js';

describe('money in paise, written the Indian way', () => {
  it.each([
    [0, '₹0.00'],
    [1, '₹0.01'],
    [100, '₹1.00'],
    [99_999, '₹999.99'],
    [1_00_000, '₹1,000.00'],
    [12_500_000, '₹1,25,000.00'],
    [1_23_45_678_90, '₹1,23,45,678.90'],
    [MAX_MILESTONE_PAISE, '₹1,00,00,000.00'],
    [20 * MAX_MILESTONE_PAISE, '₹20,00,00,000.00'],
    [-12_345, '-₹123.45'],
  ])('%d paise is %s', (paise, written) => {
    expect(formatRupees(paise)).toBe(written);
  });

  it('groups digits in threes then twos', () => {
    expect(indianGrouping(1234567890)).toBe('1,23,45,67,890');
    expect(indianGrouping(999)).toBe('999');
    expect(indianGrouping(1000)).toBe('1,000');
  });

  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [99, 'Ninety-Nine'],
    [101, 'One Hundred One'],
    [1_000, 'One Thousand'],
    [25_000, 'Twenty-Five Thousand'],
    [1_25_000, 'One Lakh Twenty-Five Thousand'],
    [10_00_000, 'Ten Lakh'],
    [1_00_00_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [200_00_00_000, 'Two Hundred Crore'],
  ])('%d in words is %s', (value, words) => {
    expect(indianNumberInWords(value)).toBe(words);
  });

  it('writes amounts in words with paise', () => {
    expect(rupeesInWords(12_500_000)).toBe('Rupees One Lakh Twenty-Five Thousand Only');
    expect(rupeesInWords(12_500_050)).toBe(
      'Rupees One Lakh Twenty-Five Thousand and Fifty Paise Only',
    );
    expect(rupeesInWords(MAX_MILESTONE_PAISE)).toBe('Rupees One Crore Only');
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paise Only');
  });

  it('adds integer paise exactly and refuses anything else', () => {
    expect(sumPaise([2_500_000, 5_000_000, 5_000_000])).toBe(12_500_000);
    expect(sumPaise([10, 20])).toBe(30); // 0.1 + 0.2 in rupees, exactly
    expect(() => sumPaise([1.5])).toThrow(TypeError);
    expect(() => formatRupees(Number.NaN)).toThrow(TypeError);
    expect(() => rupeesInWords(-1)).toThrow(TypeError);
  });
});
