import type { PeriodDto } from '@/api/generated/types.gen';

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1 Apr 2025 – 31 Mar 2026" from the period's India days. */
export function periodText(period: PeriodDto): string {
  const day = (key: string) => dayFormat.format(new Date(`${key}T00:00:00Z`));
  return `${day(period.firstDay)} – ${day(period.lastDay)}`;
}
