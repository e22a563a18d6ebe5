import type { Invoice } from '../../../invoices/invoices.contract.js';

/** The creator's issued invoices, for the statement (only issued ones have a number and a date). */
export abstract class ReportInvoices {
  abstract issuedOf(creatorId: string): Promise<Invoice[]>;
}
