/**
 * The invoices' contract face (#27): what other features may use. Pure TS.
 */
export {
  DEFAULT_GST_RATES,
  DEFAULT_SAC,
  type GstRates,
  type GstSplit,
  gstSplit,
  SAC_CODES,
} from './domain/gst.js';
export {
  INVOICE_KINDS,
  INVOICE_VIEWS,
  type Invoice,
  type InvoiceKind,
  type InvoiceView,
  netReceivablePaise,
} from './domain/invoice.js';
export { financialYearOf, invoiceNumber } from './domain/invoice-number.js';
export type { InvoiceCounts } from './application/ports/invoice.store.js';
export type { BookedInvoice, BookFigures, BookRow, BrandStatement } from './domain/brand-books.js';
export {
  type InvoiceParty,
  type InvoiceWithPdf,
  PartyInvoices,
} from './application/party-invoices.js';
