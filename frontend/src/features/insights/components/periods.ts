import type { PeriodQuery } from '../api/insights-queries';

export type Preset = NonNullable<PeriodQuery['period']>;

export const PERIOD_OPTIONS: readonly { value: Preset; label: string }[] = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_3_months', label: 'Last 3 months' },
  { value: 'this_financial_year', label: 'This financial year (April–March)' },
  { value: 'custom', label: 'Custom range' },
];

/** A refused range's field messages (the API's 400 body), if that is what `error` is. */
export function rangeErrorsOf(error: unknown): Record<string, string> | undefined {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return undefined;
  const { errors } = error;
  return typeof errors === 'object' && errors !== null
    ? (errors as Record<string, string>)
    : undefined;
}
