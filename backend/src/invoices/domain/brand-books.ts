/**
 * The brand workspace's books (#40, item 4): the invoices issued to it and, per creator and Indian
 * month, what was invoiced (taxable value, CGST/SGST/IGST, total), what it paid (funded) and got
 * back (refunded), and the TDS it recorded. Kept per brand by followers (an invoice change, a
 * ledger transaction) as deltas on per-financial-year rows, so a statement is one keyed read.
 * Plain TypeScript: the figures are sums of the same integers the invoices and the ledger hold.
 */
import type { Invoice } from './invoice.js';
import { financialYearOf } from './invoice-number.js';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Indian calendar month (YYYY-MM) of an instant (epoch ms). */
export function indianMonthOfTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/** An issued invoice as the brand's books keep it (times are epoch milliseconds). */
export interface BookedInvoice {
  readonly id: string;
  /** The invoice document's revision this summary was taken from (a newer one replaces it). */
  readonly rev: number;
  readonly number: string;
  readonly creatorId: string;
  readonly creatorName: string;
  readonly dealId: string;
  readonly description: string;
  readonly issuedAt: number;
  readonly taxablePaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly totalPaise: number;
  readonly tdsPaise: number | null;
  readonly settledAt: number | null;
}

/** A move of the brand's money in the ledger: its payment (funded) or a refund to it. */
export interface BookedMoney {
  readonly kind: 'funded' | 'refunded';
  readonly creatorId: string;
  readonly creatorName: string;
  readonly at: number;
  readonly amountPaise: number;
}

export interface BookFigures {
  readonly invoiceCount: number;
  readonly taxablePaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly invoicedPaise: number;
  /** Funded by the brand (its payments into the escrow). */
  readonly paidPaise: number;
  readonly refundedPaise: number;
  readonly tdsPaise: number;
  /** How many of the invoices counted have TDS recorded: 0 means "not recorded". */
  readonly tdsRecordedCount: number;
}

export interface BookRow extends BookFigures {
  readonly creatorId: string;
  readonly creatorName: string;
  readonly month: string;
}

export const NO_BOOK_FIGURES: BookFigures = {
  invoiceCount: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  invoicedPaise: 0,
  paidPaise: 0,
  refundedPaise: 0,
  tdsPaise: 0,
  tdsRecordedCount: 0,
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** One financial year's rows, by `<creatorId>|<month>`. */
export type YearRows = Record<string, Mutable<BookRow>>;

/** The summary the books keep of an invoice, or null when it is not issued (not counted yet). */
export function bookedInvoiceOf(invoice: Invoice, rev: number): BookedInvoice | null {
  if (invoice.status !== 'issued' || invoice.number === null || invoice.issuedAt === null)
    return null;
  return {
    id: invoice.id,
    rev,
    number: invoice.number,
    creatorId: invoice.creatorId,
    creatorName: invoice.supplier.name,
    dealId: invoice.dealId,
    description: invoice.description,
    issuedAt: new Date(invoice.issuedAt).getTime(),
    taxablePaise: invoice.taxablePaise,
    cgstPaise: invoice.gst?.cgstPaise ?? 0,
    sgstPaise: invoice.gst?.sgstPaise ?? 0,
    igstPaise: invoice.gst?.igstPaise ?? 0,
    totalPaise: invoice.totalPaise,
    tdsPaise: invoice.tds?.amountPaise ?? null,
    settledAt: invoice.settledAt ? new Date(invoice.settledAt).getTime() : null,
  };
}

/** The financial year ("2026-27") an instant (epoch ms) belongs to, in India's time. */
export const financialYearOfTime = (at: number): string => financialYearOf(new Date(at));

/** The row of a creator's month; an invoice's name (the supplier's) wins over a contract's. */
function rowOf(
  rows: YearRows,
  who: { creatorId: string; creatorName: string },
  at: number,
  namesTheCreator: boolean,
): Mutable<BookRow> {
  const month = indianMonthOfTime(at);
  const key = `${who.creatorId}|${month}`;
  const row = rows[key] ?? {
    ...NO_BOOK_FIGURES,
    creatorId: who.creatorId,
    creatorName: who.creatorName,
    month,
  };
  if (who.creatorName && (namesTheCreator || !row.creatorName)) row.creatorName = who.creatorName;
  rows[key] = row;
  return row;
}

/** Adds (`sign` 1) or takes back (`sign` -1) an invoice's figures in its issue month's row. */
export function countInvoice(rows: YearRows, invoice: BookedInvoice, sign: 1 | -1): void {
  const row = rowOf(rows, invoice, invoice.issuedAt, true);
  row.invoiceCount += sign;
  row.taxablePaise += sign * invoice.taxablePaise;
  row.cgstPaise += sign * invoice.cgstPaise;
  row.sgstPaise += sign * invoice.sgstPaise;
  row.igstPaise += sign * invoice.igstPaise;
  row.invoicedPaise += sign * invoice.totalPaise;
  if (invoice.tdsPaise !== null) {
    row.tdsPaise += sign * invoice.tdsPaise;
    row.tdsRecordedCount += sign;
  }
}

/** Adds a ledger move of the brand's money in its month's row. */
export function countMoney(rows: YearRows, money: BookedMoney): void {
  const row = rowOf(rows, money, money.at, false);
  if (money.kind === 'funded') row.paidPaise += money.amountPaise;
  else row.refundedPaise += money.amountPaise;
}

export interface BrandStatement {
  readonly financialYear: string;
  /** Per creator and month with anything in it: creators A–Z, months in the year's order. */
  readonly rows: readonly BookRow[];
  /** Per creator over the year, A–Z (month ''). */
  readonly creators: readonly BookRow[];
  readonly totals: BookFigures;
}

function sumOf(rows: readonly BookFigures[]): BookFigures {
  const total: Mutable<BookFigures> = { ...NO_BOOK_FIGURES };
  for (const row of rows)
    for (const key of Object.keys(NO_BOOK_FIGURES) as (keyof BookFigures)[]) total[key] += row[key];
  return total;
}

const isEmpty = (row: BookFigures) =>
  (Object.keys(NO_BOOK_FIGURES) as (keyof BookFigures)[]).every((key) => row[key] === 0);

/**
 * One name per creator: the latest invoice's (the supplier's name), else the latest contract's,
 * so a creator's rows and total carry the same name.
 */
function namesOf(rows: readonly BookRow[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const row of rows.filter(({ creatorName }) => creatorName))
    if (row.invoiceCount > 0 || !names.has(row.creatorId))
      names.set(row.creatorId, row.creatorName);
  return names;
}

/** The statement of one financial year from its kept rows: rows, per creator, totals. */
export function brandStatementOf(financialYear: string, rows: YearRows): BrandStatement {
  const kept = Object.values(rows)
    .filter((row) => !isEmpty(row))
    .sort((a, b) => a.month.localeCompare(b.month));
  const names = namesOf(kept);
  const ordered = kept
    .map((row) => ({ ...row, creatorName: names.get(row.creatorId) ?? '' }))
    .sort(
      (a, b) =>
        a.creatorName.localeCompare(b.creatorName) ||
        a.creatorId.localeCompare(b.creatorId) ||
        a.month.localeCompare(b.month),
    );
  const creatorIds = [...new Set(ordered.map(({ creatorId }) => creatorId))];
  const creators = creatorIds.map((creatorId) => ({
    ...sumOf(ordered.filter((row) => row.creatorId === creatorId)),
    creatorId,
    creatorName: names.get(creatorId) ?? '',
    month: '',
  }));
  return { financialYear, rows: ordered, creators, totals: sumOf(ordered) };
}
