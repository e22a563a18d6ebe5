/**
 * The ledger extract (#40, item 3): the creator's ledger lines in a range of Indian days, each
 * named by its deal, brand and milestone, with its account's running balance. Plain TypeScript.
 */
import type { DayRange } from './report-range.js';

export interface ExtractLine {
  readonly at: Date;
  readonly kind: 'funded' | 'released' | 'settled' | 'refunded';
  readonly dealId: string;
  readonly dealTitle: string;
  readonly brand: string;
  readonly milestoneId: string;
  readonly milestoneName: string;
  readonly account: 'held' | 'releasing' | 'paid_out';
  /** Signed paise: + into the account, − out of it. */
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
}

export interface LedgerExtract {
  readonly range: DayRange;
  /** Newest first. */
  readonly items: readonly ExtractLine[];
  /** Every line in the range (the items may be one page of them). */
  readonly total: number;
  /** Ledger changes recorded but not yet in the creator's lines (0: the extract is current). */
  readonly pendingChanges: number;
}

/** Paise as rupees with two decimals ("125000.50"), by integer arithmetic. */
export function decimalRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${String(Math.trunc(absolute / 100))}.${String(absolute % 100).padStart(2, '0')}`;
}
