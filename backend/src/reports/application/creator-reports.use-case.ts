import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { neutraliseCell } from '../../common/domain/csv-cells.js';
import { DealReads } from '../../deals/deals.contract.js';
import type { Invoice } from '../../invoices/invoices.contract.js';
import { type CreatorLedgerLine, CreatorWalletReader } from '../../ledger/ledger.contract.js';
import { indianDateTimeOf } from '../domain/financial-year.js';
import { decimalRupees, type ExtractLine, type LedgerExtract } from '../domain/ledger-extract.js';
import { ReportRangeError } from '../domain/report.errors.js';
import { checkDayRange, checkFinancialYear, type RangeCheck } from '../domain/report-range.js';
import {
  buildStatement,
  type Statement,
  type StatementFigures,
  type StatementInvoice,
} from '../domain/statement.js';
import { ReportInvoices } from './ports/report-invoices.js';
import { type ReportHolder, ReportPdfRenderer } from './ports/report-pdf-renderer.js';

/** The most lines one download carries (the wallet CSV's limit; the extract tells the total). */
export const MAX_EXTRACT_LINES = 50_000;
/** A PDF lists at most this many lines (and says so); the CSV has them all. */
export const MAX_PDF_LINES = 2_000;

/** A statement, and whether the ledger had changes not yet in the creator's lines. */
export interface CreatorStatement extends Statement {
  readonly pendingChanges: number;
}

const FIGURE_HEADER = [
  'Invoices',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Invoiced (INR)',
  'Received (INR)',
  'Refunded (INR)',
  'TDS recorded (INR)',
];

const figureCells = (figures: StatementFigures): string[] => [
  String(figures.invoiceCount),
  decimalRupees(figures.taxablePaise),
  decimalRupees(figures.cgstPaise),
  decimalRupees(figures.sgstPaise),
  decimalRupees(figures.igstPaise),
  decimalRupees(figures.invoicedPaise),
  decimalRupees(figures.receivedPaise),
  decimalRupees(figures.refundedPaise),
  figures.tdsRecordedCount > 0 ? decimalRupees(figures.tdsPaise) : 'Not recorded',
];

const EXTRACT_HEADER = [
  'Date (IST)',
  'Brand',
  'Deal',
  'Deal id',
  'Milestone',
  'What happened',
  'Account',
  'Money in (INR)',
  'Money out (INR)',
  'Balance after (INR)',
];

function unwrap<T>(check: RangeCheck<T>): T {
  if (!check.ok) throw new ReportRangeError(check.errors);
  return check.value;
}

/**
 * The creator's reports (#40, item 3): the financial-year statement and the ledger extract, as
 * JSON, CSV and PDF. Lines come from the creator's wallet read model (read by the creator's key),
 * invoices from the invoices module, names from the creator's deal summaries: only their own.
 */
@Injectable()
export class CreatorReports {
  constructor(
    private readonly wallet: CreatorWalletReader,
    private readonly invoices: ReportInvoices,
    private readonly deals: DealReads,
    private readonly pdfs: ReportPdfRenderer,
    private readonly clock: Clock,
  ) {}

  async statement(creatorId: string, financialYear: string | undefined): Promise<CreatorStatement> {
    const year = unwrap(checkFinancialYear(financialYear, this.clock.now()));
    const [names, invoices, lines] = await Promise.all([
      this.names(creatorId),
      this.invoices.issuedOf(creatorId),
      this.wallet.walletLines({
        creatorId,
        from: year.start,
        to: year.end,
        page: 1,
        pageSize: MAX_EXTRACT_LINES,
      }),
    ]);
    const brandOf = (dealId: string, fallback: string) => names.brands.get(dealId) ?? fallback;
    const statement = buildStatement(
      year,
      invoices.flatMap((invoice) => statementInvoiceOf(invoice, brandOf)),
      lines.items.map((line) => ({ ...line, brand: brandOf(line.dealId, 'Unknown brand') })),
    );
    return { ...statement, pendingChanges: lines.pendingChanges };
  }

  /** The statement's CSV: the rows per brand and month, each brand's total, the year's total. */
  async statementCsv(creatorId: string, financialYear: string | undefined): Promise<string[][]> {
    const statement = await this.statement(creatorId, financialYear);
    return [
      ['Financial year', 'Brand', 'Month', ...FIGURE_HEADER],
      ...statement.rows.map((row) => [
        statement.financialYear,
        row.brand,
        row.month,
        ...figureCells(row),
      ]),
      ...statement.brands.map((row) => [
        statement.financialYear,
        row.brand,
        'Year',
        ...figureCells(row),
      ]),
      [statement.financialYear, 'All brands', 'Year', ...figureCells(statement.totals)],
    ].map((row) => row.map(neutraliseCell));
  }

  async statementPdf(
    creatorId: string,
    financialYear: string | undefined,
    holder: ReportHolder,
  ): Promise<{ statement: Statement; pdf: Uint8Array }> {
    const statement = await this.statement(creatorId, financialYear);
    return { statement, pdf: await this.pdfs.statement(statement, holder) };
  }

  /** The creator's lines from `from` to `to` (Indian days, both included), newest first. */
  async ledgerExtract(
    creatorId: string,
    range: { from: string; to: string },
    page: number,
    pageSize: number,
  ): Promise<LedgerExtract> {
    const days = unwrap(checkDayRange(range.from, range.to, this.clock.now()));
    const [names, lines] = await Promise.all([
      this.names(creatorId),
      this.wallet.walletLines({ creatorId, from: days.start, to: days.end, page, pageSize }),
    ]);
    return {
      range: days,
      items: lines.items.map((line) => extractLineOf(line, names)),
      total: lines.total,
      pendingChanges: lines.pendingChanges,
    };
  }

  async ledgerCsv(creatorId: string, range: { from: string; to: string }): Promise<string[][]> {
    const extract = await this.ledgerExtract(creatorId, range, 1, MAX_EXTRACT_LINES);
    return [
      EXTRACT_HEADER,
      ...extract.items.map((line) =>
        [
          indianDateTimeOf(line.at),
          line.brand,
          line.dealTitle,
          line.dealId,
          line.milestoneName,
          line.kind,
          line.account,
          line.amountPaise > 0 ? decimalRupees(line.amountPaise) : '',
          line.amountPaise < 0 ? decimalRupees(-line.amountPaise) : '',
          decimalRupees(line.balanceAfterPaise),
        ].map(neutraliseCell),
      ),
    ];
  }

  async ledgerPdf(
    creatorId: string,
    range: { from: string; to: string },
    holder: ReportHolder,
  ): Promise<{ extract: LedgerExtract; pdf: Uint8Array }> {
    const extract = await this.ledgerExtract(creatorId, range, 1, MAX_PDF_LINES);
    return { extract, pdf: await this.pdfs.ledgerExtract(extract, holder) };
  }

  /** Brand names and deal titles by deal id, milestone names by `dealId:milestoneId`. */
  private async names(creatorId: string): Promise<Names> {
    const summaries = await this.deals.summaries(creatorId);
    return {
      brands: new Map(summaries.map(({ id, brandCompany }) => [id, brandCompany])),
      titles: new Map(summaries.map(({ id, title }) => [id, title])),
      milestones: new Map(
        summaries.flatMap(({ id, milestones }) =>
          milestones.map((milestone) => [`${id}:${milestone.id}`, milestone.name] as const),
        ),
      ),
    };
  }
}

interface Names {
  readonly brands: ReadonlyMap<string, string>;
  readonly titles: ReadonlyMap<string, string>;
  readonly milestones: ReadonlyMap<string, string>;
}

function extractLineOf(line: CreatorLedgerLine, names: Names): ExtractLine {
  return {
    at: line.at,
    kind: line.kind,
    dealId: line.dealId,
    dealTitle: names.titles.get(line.dealId) ?? '',
    brand: names.brands.get(line.dealId) ?? 'Unknown brand',
    milestoneId: line.milestoneId,
    milestoneName: names.milestones.get(`${line.dealId}:${line.milestoneId}`) ?? '',
    account: line.account,
    amountPaise: line.amountPaise,
    balanceAfterPaise: line.balanceAfterPaise,
  };
}

/** An issued invoice as the statement counts it (one not yet issued has no number or date). */
function statementInvoiceOf(
  invoice: Invoice,
  brandOf: (dealId: string, fallback: string) => string,
): StatementInvoice[] {
  if (invoice.status !== 'issued' || invoice.number === null || invoice.issuedAt === null)
    return [];
  return [
    {
      id: invoice.id,
      number: invoice.number,
      dealId: invoice.dealId,
      brand: brandOf(invoice.dealId, invoice.recipient.name),
      issuedAt: invoice.issuedAt,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.gst?.cgstPaise ?? 0,
      sgstPaise: invoice.gst?.sgstPaise ?? 0,
      igstPaise: invoice.gst?.igstPaise ?? 0,
      totalPaise: invoice.totalPaise,
      tdsPaise: invoice.tds?.amountPaise ?? null,
    },
  ];
}
