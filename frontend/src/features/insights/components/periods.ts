import type { PeriodQuery } from '../api/insights-queries';

export type Preset = NonNullable<PeriodQuery['period']>;

export const PERIOD_OPTIONS: readonly { value: Preset; label: string }[] = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_3_months', label: 'Last 3 months' },
  { value: 'this_financial_year', label: 'This financial year (April–March)' },
  { value: 'custom', label: 'Custom range' },
];
