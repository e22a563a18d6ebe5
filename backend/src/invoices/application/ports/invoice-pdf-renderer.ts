import type { Invoice } from '../../domain/invoice.js';

/** Renders an issued invoice (with its number) to a PDF. */
export abstract class InvoicePdfRenderer {
  abstract render(invoice: Invoice): Promise<Uint8Array>;
}
