import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { DealsModule } from '../deals/index.js';
import { InvoicesModule } from '../invoices/index.js';
import { LedgerModule } from '../ledger/index.js';
import { BrandReports } from './application/brand-reports.use-case.js';
import { CreatorReports } from './application/creator-reports.use-case.js';
import { BrandStatements } from './application/ports/brand-statements.js';
import { ReportInvoices } from './application/ports/report-invoices.js';
import { ReportPdfRenderer } from './application/ports/report-pdf-renderer.js';
import { BooksBrandStatements } from './infrastructure/books-brand-statements.js';
import { InvoicingReportInvoices } from './infrastructure/invoicing-report-invoices.js';
import { PdfmakeReportRenderer } from './infrastructure/pdfmake-report-renderer.js';
import { BrandReportsController, ReportsController } from './presentation/reports.controller.js';

/**
 * Reports (#40, item 3): the creator's financial-year statement and ledger extract, read from the
 * wallet read model, the invoices and the deal summaries; downloads as CSV and PDF.
 */
@Module({
  imports: [AuthModule, DealsModule, InvoicesModule, LedgerModule],
  controllers: [ReportsController, BrandReportsController],
  providers: [
    CreatorReports,
    BrandReports,
    { provide: BrandStatements, useClass: BooksBrandStatements },
    { provide: ReportInvoices, useClass: InvoicingReportInvoices },
    { provide: ReportPdfRenderer, useClass: PdfmakeReportRenderer },
  ],
})
export class ReportsModule {}
