/**
 * The speed figures' statistics (#40), in days to one decimal.
 *
 * - Median: the middle value of the sorted values; with an even count, the mean of the two in the
 *   middle (4 values 1, 2, 4, 10 → 3).
 * - 90th percentile: the nearest-rank rule for every count: the value at rank ⌈0.9 × n⌉ of the
 *   sorted values (10 values → the 9th; 11 values → the 10th; 1 value → itself). It is always
 *   one of the values observed, never an interpolation.
 */
import { DAY_MS } from './india-time.js';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Days from `start` to `end` (epoch ms), to one decimal. */
export function daysBetween(start: number, end: number): number {
  return oneDecimal((end - start) / DAY_MS);
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = ascending(values);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : oneDecimal(((sorted[middle - 1] as number) + upper) / 2);
}

export function percentile90(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = ascending(values);
  return sorted[Math.ceil(0.9 * sorted.length) - 1] as number;
}

/** Summed in whole tenths, so the result does not depend on the values' order. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const tenths = values.reduce((sum, value) => sum + Math.round(value * 10), 0);
  return Math.round(tenths / values.length) / 10;
}
