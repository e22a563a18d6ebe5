import type { BookedInvoice, BookedMoney, YearRows } from '../../domain/brand-books.js';

/** A change the brand's books take once, by its id (an invoice's revision, a ledger transaction). */
export type BookChange =
  | { readonly id: string; readonly kind: 'invoice'; readonly invoice: BookedInvoice }
  | { readonly id: string; readonly kind: 'money'; readonly money: BookedMoney };

export interface BookedInvoicePage {
  /** Newest first (the order the books first took them). */
  readonly items: readonly BookedInvoice[];
  readonly total: number;
}

/**
 * Each brand workspace's books (#40, item 4), a read model (#38): its invoices in keyed blocks and
 * its per-year rows, in its own partition, so a page or a statement reads only that brand's keys.
 */
export abstract class BrandBooksStore {
  /** Takes each change once (claim-once; a replay or a race changes nothing); answers how many. */
  abstract take(brandId: string, changes: readonly BookChange[]): Promise<number>;
  abstract page(brandId: string, page: number, pageSize: number): Promise<BookedInvoicePage>;
  /** The brand's invoice, or undefined when it is not one of the brand's. */
  abstract invoice(brandId: string, invoiceId: string): Promise<BookedInvoice | undefined>;
  abstract year(brandId: string, financialYear: string): Promise<YearRows>;
  /** Drops every brand's books (the rebuild writes them again). */
  abstract dropAll(): Promise<void>;
}
