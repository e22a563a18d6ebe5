/**
 * The creator's financial-year statement (#40, item 3): per brand and Indian calendar month, what
 * was invoiced (from the issued invoices), received and refunded (from the creator's ledger lines)
 * and the TDS the brand recorded against those invoices; and the year's totals, which are sums of
 * the same integers, so they match the invoices and the ledger to the paisa. Plain TypeScript;
 * docs/reports.md defines every figure.
 */
import {
  type FinancialYear,
  indianMonthOf,
  isInFinancialYear,
  monthsOf,
} from './financial-year.js';

/** An issued invoice as the statement reads it. */
export interface StatementInvoice {
  readonly id: string;
  readonly number: string;
  readonly dealId: string;
  readonly brand: string;
  readonly issuedAt: Date;
  readonly taxablePaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly totalPaise: number;
  /** The TDS the brand recorded against it; null when it recorded none. */
  readonly tdsPaise: number | null;
}

/** A creator's ledger line as the statement reads it (signed paise, + debit, − credit). */
export interface StatementLine {
  readonly kind: 'funded' | 'released' | 'settled' | 'refunded';
  readonly account: 'held' | 'releasing' | 'paid_out';
  readonly dealId: string;
  readonly brand: string;
  readonly at: Date;
  readonly amountPaise: number;
}

export interface StatementFigures {
  readonly invoiceCount: number;
  readonly taxablePaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly invoicedPaise: number;
  readonly receivedPaise: number;
  readonly refundedPaise: number;
  /** The TDS recorded on the invoices counted here (0 when none was). */
  readonly tdsPaise: number;
  /** How many of those invoices have TDS recorded: 0 means "not recorded", never "no TDS". */
  readonly tdsRecordedCount: number;
}

export interface StatementRow extends StatementFigures {
  readonly brand: string;
  readonly month: string;
}

export interface Statement {
  readonly financialYear: string;
  readonly start: Date;
  readonly end: Date;
  readonly months: readonly string[];
  /** One per brand and month with anything in it, brands A–Z, months in the year's order. */
  readonly rows: readonly StatementRow[];
  /** Per brand over the year, A–Z. */
  readonly brands: readonly StatementRow[];
  readonly totals: StatementFigures;
  /** The invoices counted, by date (the statement's annex). */
  readonly invoices: readonly StatementInvoice[];
}

export const NO_FIGURES: StatementFigures = {
  invoiceCount: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  invoicedPaise: 0,
  receivedPaise: 0,
  refundedPaise: 0,
  tdsPaise: 0,
  tdsRecordedCount: 0,
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function addInvoice(figures: Mutable<StatementFigures>, invoice: StatementInvoice): void {
  figures.invoiceCount += 1;
  figures.taxablePaise += invoice.taxablePaise;
  figures.cgstPaise += invoice.cgstPaise;
  figures.sgstPaise += invoice.sgstPaise;
  figures.igstPaise += invoice.igstPaise;
  figures.invoicedPaise += invoice.totalPaise;
  if (invoice.tdsPaise !== null) {
    figures.tdsPaise += invoice.tdsPaise;
    figures.tdsRecordedCount += 1;
  }
}

/** Received: settled into the bank (+ on `paid_out`); refunded: returned to the brand (− on `held`). */
function addLine(figures: Mutable<StatementFigures>, line: StatementLine): void {
  if (line.kind === 'settled' && line.account === 'paid_out')
    figures.receivedPaise += line.amountPaise;
  if (line.kind === 'refunded') figures.refundedPaise -= line.amountPaise;
}

/** Whether a line is one the statement counts (the others move money inside Paylock). */
export function countsInStatement(line: Pick<StatementLine, 'kind' | 'account'>): boolean {
  return (line.kind === 'settled' && line.account === 'paid_out') || line.kind === 'refunded';
}

function sumOf(rows: readonly StatementFigures[]): StatementFigures {
  const total: Mutable<StatementFigures> = { ...NO_FIGURES };
  for (const row of rows)
    for (const key of Object.keys(NO_FIGURES) as (keyof StatementFigures)[]) total[key] += row[key];
  return total;
}

/**
 * The statement of `year` from the creator's issued invoices and ledger lines (anything outside
 * the year is left out: an invoice by its issue time, a line by its time, both in India's time).
 */
export function buildStatement(
  year: FinancialYear,
  invoices: readonly StatementInvoice[],
  lines: readonly StatementLine[],
): Statement {
  const rows = new Map<string, Mutable<StatementRow>>();
  const rowOf = (brand: string, at: Date) => {
    const month = indianMonthOf(at);
    const key = JSON.stringify([brand, month]);
    const row = rows.get(key) ?? { ...NO_FIGURES, brand, month };
    rows.set(key, row);
    return row;
  };
  const counted = invoices
    .filter(({ issuedAt }) => isInFinancialYear(issuedAt, year))
    .sort(
      (a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number),
    );
  for (const invoice of counted) addInvoice(rowOf(invoice.brand, invoice.issuedAt), invoice);
  for (const line of lines)
    if (countsInStatement(line) && isInFinancialYear(line.at, year))
      addLine(rowOf(line.brand, line.at), line);
  const months = monthsOf(year);
  const ordered = [...rows.values()].sort(
    (a, b) => a.brand.localeCompare(b.brand) || months.indexOf(a.month) - months.indexOf(b.month),
  );
  const brandNames = [...new Set(ordered.map(({ brand }) => brand))];
  const brands = brandNames.map((brand) => ({
    ...sumOf(ordered.filter((row) => row.brand === brand)),
    brand,
    month: '',
  }));
  return {
    financialYear: year.label,
    start: year.start,
    end: year.end,
    months,
    rows: ordered,
    brands,
    totals: sumOf(ordered),
    invoices: counted,
  };
}
