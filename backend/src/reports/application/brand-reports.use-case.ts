import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { neutraliseCell } from '../../common/domain/csv-cells.js';
import type { BookFigures, BrandStatement } from '../../invoices/invoices.contract.js';
import { decimalRupees } from '../domain/ledger-extract.js';
import { ReportRangeError } from '../domain/report.errors.js';
import { checkFinancialYear } from '../domain/report-range.js';
import { BrandStatements } from './ports/brand-statements.js';
import { type ReportHolder, ReportPdfRenderer } from './ports/report-pdf-renderer.js';

const FIGURE_HEADER = [
  'Invoices',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Invoiced (INR)',
  'Paid (INR)',
  'Refunded (INR)',
  'TDS recorded (INR)',
];

const figureCells = (figures: BookFigures): string[] => [
  String(figures.invoiceCount),
  decimalRupees(figures.taxablePaise),
  decimalRupees(figures.cgstPaise),
  decimalRupees(figures.sgstPaise),
  decimalRupees(figures.igstPaise),
  decimalRupees(figures.invoicedPaise),
  decimalRupees(figures.paidPaise),
  decimalRupees(figures.refundedPaise),
  figures.tdsRecordedCount > 0 ? decimalRupees(figures.tdsPaise) : 'Not recorded',
];

/**
 * The brand workspace's statement for its own books (#40, item 4): per creator and month, what
 * creators invoiced it, what it paid and got back, the TDS it recorded; JSON, CSV and PDF.
 */
@Injectable()
export class BrandReports {
  constructor(
    private readonly statements: BrandStatements,
    private readonly pdfs: ReportPdfRenderer,
    private readonly clock: Clock,
  ) {}

  async statement(brandId: string, financialYear: string | undefined): Promise<BrandStatement> {
    const year = checkFinancialYear(financialYear, this.clock.now());
    if (!year.ok) throw new ReportRangeError(year.errors);
    return this.statements.statementOf(brandId, year.value.label);
  }

  /** The CSV: rows per creator and month, each creator's year, all creators; injection-safe. */
  async statementCsv(brandId: string, financialYear: string | undefined): Promise<string[][]> {
    const statement = await this.statement(brandId, financialYear);
    const year = statement.financialYear;
    return [
      ['Financial year', 'Creator', 'Month', ...FIGURE_HEADER],
      ...statement.rows.map((row) => [year, row.creatorName, row.month, ...figureCells(row)]),
      ...statement.creators.map((row) => [year, row.creatorName, 'Year', ...figureCells(row)]),
      [year, 'All creators', 'Year', ...figureCells(statement.totals)],
    ].map((row) => row.map(neutraliseCell));
  }

  async statementPdf(
    brandId: string,
    financialYear: string | undefined,
    holder: ReportHolder,
  ): Promise<{ statement: BrandStatement; pdf: Uint8Array }> {
    const statement = await this.statement(brandId, financialYear);
    return { statement, pdf: await this.pdfs.brandStatement(statement, holder) };
  }
}
