import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { paylockPdfPage } from '../../common/infrastructure/pdf-printer.js';
import type { BookFigures, BrandStatement } from '../../invoices/invoices.contract.js';
import type { ReportHolder } from '../application/ports/report-pdf-renderer.js';
import { parseFinancialYear } from '../domain/financial-year.js';
import { bold, holderLine, money, STYLES, table } from './pdf-report-parts.js';

const HEADINGS = ['Taxable', 'CGST', 'SGST', 'IGST', 'Invoiced', 'Paid', 'Refunded', 'TDS'];

function cells(figures: BookFigures): TableCell[] {
  return [
    money(figures.taxablePaise),
    money(figures.cgstPaise),
    money(figures.sgstPaise),
    money(figures.igstPaise),
    money(figures.invoicedPaise),
    money(figures.paidPaise),
    money(figures.refundedPaise),
    figures.tdsRecordedCount > 0 ? money(figures.tdsPaise) : 'Not recorded',
  ];
}

/** The brand's statement for its books: the year's totals, then per creator and month. */
export function brandStatementDefinition(
  statement: BrandStatement,
  holder: ReportHolder,
): TDocumentDefinitions {
  const title = `Statement for your books ${statement.financialYear}`;
  const year = parseFinancialYear(statement.financialYear);
  const content: Content[] = [
    { text: title, style: 'title' },
    {
      text: [
        `For: ${holderLine(holder)}\n`,
        year
          ? `Period: 1 April ${String(year.startYear)} to 31 March ${String(year.startYear + 1)} (India time)\n`
          : '',
        'Amounts in Indian rupees. Invoiced: the invoices creators issued to you, by issue date. Paid: the milestones you funded. Refunded: returned to you.',
      ],
      style: 'meta',
    },
    { text: 'Totals for the year', style: 'heading' },
    table(
      ['*', ...HEADINGS.map(() => 'auto')],
      [
        [bold('Invoices'), ...HEADINGS.map(bold)],
        [String(statement.totals.invoiceCount), ...cells(statement.totals)],
      ],
    ),
  ];
  if (statement.rows.length === 0)
    content.push({
      text: 'Nothing was invoiced, paid or refunded in this financial year.',
      style: 'meta',
    });
  else
    content.push(
      { text: 'Per creator and month', style: 'heading' },
      table(
        ['*', 'auto', ...HEADINGS.map(() => 'auto')],
        [
          [bold('Creator'), bold('Month'), ...HEADINGS.map(bold)],
          ...statement.rows.map((row) => [row.creatorName, row.month, ...cells(row)]),
          ...statement.creators.map((row) => [bold(row.creatorName), bold('Year'), ...cells(row)]),
        ],
      ),
    );
  content.push({
    text: 'TDS is shown as you recorded it against an invoice in Paylock. Not tax advice.',
    style: 'small',
  });
  return { ...paylockPdfPage(title), pageOrientation: 'landscape', styles: STYLES, content };
}
