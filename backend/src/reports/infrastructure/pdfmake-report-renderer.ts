import { Injectable } from '@nestjs/common';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { paylockPdfPage, pdfmake } from '../../common/infrastructure/pdf-printer.js';
import { type ReportHolder, ReportPdfRenderer } from '../application/ports/report-pdf-renderer.js';
import { indianDateTimeOf, indianDayOf } from '../domain/financial-year.js';
import type { LedgerExtract } from '../domain/ledger-extract.js';
import type { Statement, StatementFigures } from '../domain/statement.js';
import type { BrandStatement } from '../../invoices/invoices.contract.js';
import { brandStatementDefinition } from './pdfmake-brand-statement.js';
import { bold, holderLine, money, STYLES, table } from './pdf-report-parts.js';

const FIGURE_HEADINGS = [
  'Taxable',
  'CGST',
  'SGST',
  'IGST',
  'Invoiced',
  'Received',
  'Refunded',
  'TDS',
];

function figureCells(figures: StatementFigures): TableCell[] {
  return [
    money(figures.taxablePaise),
    money(figures.cgstPaise),
    money(figures.sgstPaise),
    money(figures.igstPaise),
    money(figures.invoicedPaise),
    money(figures.receivedPaise),
    money(figures.refundedPaise),
    figures.tdsRecordedCount > 0 ? money(figures.tdsPaise) : 'Not recorded',
  ];
}

/** The statement as a document: the year's totals, then per brand and month, then the invoices. */
export function statementDefinition(
  statement: Statement,
  holder: ReportHolder,
): TDocumentDefinitions {
  const title = `Financial-year statement ${statement.financialYear}`;
  const last = new Date(statement.end.getTime() - 1);
  const content: Content[] = [
    { text: title, style: 'title' },
    {
      text: [
        `For: ${holderLine(holder)}\n`,
        `Period: ${indianDayOf(statement.start)} to ${indianDayOf(last)} (India time)\n`,
        'Amounts in Indian rupees. Invoiced: issued invoices by issue date. Received: settled to the bank account. Refunded: returned to the brand.',
      ],
      style: 'meta',
    },
    { text: 'Totals for the year', style: 'heading' },
    table(
      ['*', ...FIGURE_HEADINGS.map(() => 'auto')],
      [
        [bold('Invoices'), ...FIGURE_HEADINGS.map(bold)],
        [String(statement.totals.invoiceCount), ...figureCells(statement.totals)],
      ],
    ),
  ];
  if (statement.rows.length === 0) {
    content.push({
      text: 'Nothing was invoiced, received or refunded in this financial year.',
      style: 'meta',
    });
  } else {
    content.push(
      { text: 'Per brand and month', style: 'heading' },
      table(
        ['*', 'auto', ...FIGURE_HEADINGS.map(() => 'auto')],
        [
          [bold('Brand'), bold('Month'), ...FIGURE_HEADINGS.map(bold)],
          ...statement.rows.map((row) => [row.brand, row.month, ...figureCells(row)]),
          ...statement.brands.map((row) => [bold(row.brand), bold('Year'), ...figureCells(row)]),
        ],
      ),
      { text: 'Invoices counted', style: 'heading' },
      table(
        ['auto', 'auto', '*', 'auto', 'auto', 'auto'],
        [
          [
            bold('Number'),
            bold('Date'),
            bold('Brand'),
            bold('Taxable'),
            bold('Total'),
            bold('TDS'),
          ],
          ...statement.invoices.map((invoice) => [
            invoice.number,
            indianDayOf(invoice.issuedAt),
            invoice.brand,
            money(invoice.taxablePaise),
            money(invoice.totalPaise),
            invoice.tdsPaise !== null ? money(invoice.tdsPaise) : 'Not recorded',
          ]),
        ],
      ),
    );
  }
  content.push({
    text: 'TDS is shown as the brand recorded it against an invoice in Paylock; check it against Form 26AS. Not tax advice.',
    style: 'small',
  });
  return { ...paylockPdfPage(title), pageOrientation: 'landscape', styles: STYLES, content };
}

/** The extract as a document: the range, then its lines (at most the first MAX_PDF_LINES). */
export function ledgerExtractDefinition(
  extract: LedgerExtract,
  holder: ReportHolder,
): TDocumentDefinitions {
  const title = `Ledger extract ${extract.range.from} to ${extract.range.to}`;
  const content: Content[] = [
    { text: title, style: 'title' },
    {
      text: [
        `For: ${holderLine(holder)}\n`,
        `Lines: ${String(extract.total)}${extract.items.length < extract.total ? ` (the newest ${String(extract.items.length)} are listed; the CSV has them all)` : ''}`,
      ],
      style: 'meta',
    },
  ];
  if (extract.items.length === 0) {
    content.push({ text: 'No money moved in this range.', style: 'meta' });
  } else {
    content.push(
      table(
        ['auto', '*', '*', 'auto', 'auto', 'auto', 'auto', 'auto'],
        [
          [
            'Date (IST)',
            'Brand',
            'Deal · milestone',
            'What',
            'Account',
            'In',
            'Out',
            'Balance',
          ].map(bold),
          ...extract.items.map((line) => [
            indianDateTimeOf(line.at),
            line.brand,
            `${line.dealTitle} · ${line.milestoneName}`,
            line.kind,
            line.account,
            line.amountPaise > 0 ? money(line.amountPaise) : '',
            line.amountPaise < 0 ? money(-line.amountPaise) : '',
            money(line.balanceAfterPaise),
          ]),
        ],
      ),
    );
  }
  return { ...paylockPdfPage(title), pageOrientation: 'landscape', styles: STYLES, content };
}

@Injectable()
export class PdfmakeReportRenderer extends ReportPdfRenderer {
  async statement(statement: Statement, holder: ReportHolder): Promise<Uint8Array> {
    return new Uint8Array(
      await pdfmake.createPdf(statementDefinition(statement, holder)).getBuffer(),
    );
  }

  async brandStatement(statement: BrandStatement, holder: ReportHolder): Promise<Uint8Array> {
    return new Uint8Array(
      await pdfmake.createPdf(brandStatementDefinition(statement, holder)).getBuffer(),
    );
  }

  async ledgerExtract(extract: LedgerExtract, holder: ReportHolder): Promise<Uint8Array> {
    return new Uint8Array(
      await pdfmake.createPdf(ledgerExtractDefinition(extract, holder)).getBuffer(),
    );
  }
}
