import { daysBetween, mean, median, percentile90 } from './statistics.js';

describe('the speed statistics', () => {
  it('takes the middle value of an odd count, the mean of the two middle ones of an even count', () => {
    expect(median([7, 1, 3])).toBe(3);
    expect(median([10, 1, 4, 2])).toBe(3);
    expect(median([1, 2])).toBe(1.5);
    expect(median([5])).toBe(5);
    expect(median([])).toBeNull();
  });

  it('takes the 90th percentile by nearest rank, ⌈0.9 n⌉, for even and odd counts alike', () => {
    const ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(percentile90(ten)).toBe(9);
    expect(percentile90([...ten, 11])).toBe(10);
    expect(percentile90([1, 2])).toBe(2);
    expect(percentile90([4])).toBe(4);
    expect(percentile90([])).toBeNull();
  });

  it('counts days to one decimal, and averages to one decimal', () => {
    expect(daysBetween(0, 36 * 3_600_000)).toBe(1.5);
    expect(daysBetween(0, 86_400_000 / 3)).toBe(0.3);
    expect(mean([1, 2, 1])).toBe(1.3);
    expect(mean([])).toBeNull();
  });
});
