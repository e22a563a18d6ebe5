import type { FiguresDto, SpeedFigureDto } from '@/api/generated/types.gen';
import { formatMoney } from '@/utils/format-money';
import type { ChartRow } from './chart-with-table';

const money = (paise: number) => formatMoney(paise);
const days = (value: number) => (Number.isNaN(value) ? '—' : `${String(value)} days`);
const count = (value: number) => String(value);

const MONEY_ROWS = [
  ['Funded', 'fundedPaise'],
  ['Released', 'releasedPaise'],
  ['Settled to your bank', 'settledPaise'],
  ['Refunded', 'refundedPaise'],
  ['Held (at the end)', 'heldPaise'],
  ['Releasing now (at the end)', 'releasingNowPaise'],
] as const;

const SPEEDS = [
  ['Acceptance → funding', 'acceptanceToFunding'],
  ['Submission → release', 'submissionToRelease'],
  ['Release → bank', 'releaseToSettlement'],
] as const;

const FLOW_ROWS = [
  ['Approved by the brand', 'approvedByBrand'],
  ['Approved automatically', 'approvedAutomatically'],
  ['Approved after a dispute', 'approvedAfterDispute'],
  ['Sent back for changes', 'sentBack'],
  ['Disputed', 'disputed'],
  ['Refunded', 'refunded'],
] as const;

export function moneyRows(current: FiguresDto, previous: FiguresDto): ChartRow[] {
  return MONEY_ROWS.map(([label, key]) => ({
    label,
    current: current.money[key],
    previous: previous.money[key],
    text: money,
  }));
}

/** Missing durations (nothing measured) are NaN here: the table writes "—", the chart no bar. */
const daysOf = (figure: SpeedFigureDto, which: 'medianDays' | 'p90Days') => figure[which] ?? NaN;

export function speedRows(current: FiguresDto, previous: FiguresDto): ChartRow[] {
  return SPEEDS.flatMap(([label, key]) =>
    (['medianDays', 'p90Days'] as const).map((which) => ({
      label: `${label}, ${which === 'medianDays' ? 'median' : '90th percentile'}`,
      current: daysOf(current.speed[key], which),
      previous: daysOf(previous.speed[key], which),
      text: days,
    })),
  );
}

export function flowRows(current: FiguresDto, previous: FiguresDto): ChartRow[] {
  return FLOW_ROWS.map(([label, key]) => ({
    label,
    current: current.flow[key],
    previous: previous.flow[key],
    text: count,
  }));
}

/** A chart's bar for a row: rupees for money (paise would dwarf the axis), 0 for "nothing". */
export const rupeesBar = (row: ChartRow) => row.current / 100;
export const valueBar = (row: ChartRow) => (Number.isNaN(row.current) ? 0 : row.current);
