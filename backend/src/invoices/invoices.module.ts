import { AuthModule } from '../auth/index.js';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DealsModule } from '../deals/index.js';
import { LedgerModule } from '../ledger/index.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { UsersModule } from '../users/index.js';
import { BrandBooks } from './application/brand-books.use-case.js';
import { Invoicing } from './application/invoicing.use-case.js';
import { BrandBooksStore } from './application/ports/brand-books.store.js';
import { InvoicePdfRenderer } from './application/ports/invoice-pdf-renderer.js';
import { InvoiceSerials } from './application/ports/invoice-serials.js';
import { InvoiceStore } from './application/ports/invoice.store.js';
import { InvoiceSuppliers } from './application/ports/invoice-suppliers.js';
import { InvoicesSettings } from './application/ports/invoices-settings.js';
import { LedgerCursors } from './application/ports/ledger-cursors.js';
import { DEFAULT_GST_RATES } from './domain/gst.js';
import { MongoBrandBooks } from './infrastructure/brand-books-read-model.js';
import {
  InvoiceRecord,
  InvoiceSchema,
  InvoiceSerialRecord,
  InvoiceSerialSchema,
  LedgerCursorRecord,
  LedgerCursorSchema,
} from './infrastructure/invoice-documents.js';
import { BrandBooksWorker, InvoicesWorker } from './infrastructure/invoices-worker.js';
import {
  MongoInvoices,
  MongoInvoiceSerials,
  MongoLedgerCursors,
} from './infrastructure/mongo-invoices.js';
import { PartyInvoices } from './application/party-invoices.js';
import { PdfmakeInvoiceRenderer } from './infrastructure/pdfmake-invoice-renderer.js';
import { UsersInvoiceSuppliers } from './infrastructure/users-invoice-suppliers.js';
import {
  BrandAccountInvoicesController,
  BrandInvoicesController,
  InvoicesController,
} from './presentation/invoices.controller.js';

/**
 * Invoices (#27, ADR 0047): one per released milestone, numbered per creator per financial year,
 * rendered to PDF and sent to the brand through the notifications (bell, e-mail with the PDF).
 */
@Module({
  imports: [
    AuthModule,
    DealsModule,
    LedgerModule,
    LinkTokensModule,
    NotificationsModule,
    UsersModule,
    MongooseModule.forFeature([
      { name: InvoiceRecord.name, schema: InvoiceSchema },
      { name: InvoiceSerialRecord.name, schema: InvoiceSerialSchema },
      { name: LedgerCursorRecord.name, schema: LedgerCursorSchema },
    ]),
  ],
  controllers: [InvoicesController, BrandInvoicesController, BrandAccountInvoicesController],
  providers: [
    Invoicing,
    InvoicesWorker,
    BrandBooks,
    BrandBooksWorker,
    PartyInvoices,
    { provide: BrandBooksStore, useClass: MongoBrandBooks },
    { provide: InvoiceStore, useClass: MongoInvoices },
    { provide: InvoiceSerials, useClass: MongoInvoiceSerials },
    { provide: LedgerCursors, useClass: MongoLedgerCursors },
    { provide: InvoicePdfRenderer, useClass: PdfmakeInvoiceRenderer },
    { provide: InvoiceSuppliers, useClass: UsersInvoiceSuppliers },
    // The GST rate is a setting (docs/payments.md), not law written into code.
    { provide: InvoicesSettings, useValue: new InvoicesSettings(DEFAULT_GST_RATES) },
  ],
  exports: [Invoicing, BrandBooks, BrandBooksWorker, PartyInvoices],
})
export class InvoicesModule {}
