import type { Invoice, InvoiceView, TdsRecord } from '../../domain/invoice.js';

export interface InvoiceListQuery {
  readonly creatorId: string;
  readonly view: InvoiceView;
  /** India's calendar day (YYYY-MM-DD), for "overdue". */
  readonly today: string;
  readonly page: number;
  readonly pageSize: number;
}

export interface InvoiceCounts {
  readonly all: number;
  readonly pending: number;
  readonly paid: number;
  readonly overdue: number;
  readonly toBeIssued: number;
}

/**
 * Where invoices live. `claim` is the milestone's claim-once: an insert against a unique index on
 * (deal, milestone), so of two racing issues exactly one makes the invoice.
 */
export abstract class InvoiceStore {
  abstract nextId(): string;
  /** Inserts it, or returns the milestone's invoice that already exists (created: false). */
  abstract claim(invoice: Invoice): Promise<{ invoice: Invoice; created: boolean }>;
  abstract findById(id: string): Promise<Invoice | undefined>;
  abstract findOwned(id: string, creatorId: string): Promise<Invoice | undefined>;
  abstract findByDeal(dealId: string): Promise<Invoice[]>;
  abstract milestonesInvoiced(creatorId: string): Promise<Set<string>>;
  abstract setNumber(
    id: string,
    number: { financialYear: string; serial: number; number: string; issuedAt: Date },
  ): Promise<Invoice>;
  abstract markIssued(id: string, pdf: Uint8Array): Promise<void>;
  abstract markFailed(id: string, error: string): Promise<void>;
  abstract pdfOf(id: string): Promise<Uint8Array | undefined>;
  abstract toBeIssued(limit: number): Promise<Invoice[]>;
  abstract markSettled(dealId: string, milestoneId: string, at: Date): Promise<void>;
  abstract recordTds(id: string, tds: TdsRecord): Promise<Invoice>;
  abstract list(query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }>;
  abstract counts(creatorId: string, today: string): Promise<InvoiceCounts>;
  /** Invoices changed since the brand's books last took them, with their revision. */
  abstract unbooked(limit: number): Promise<{ invoice: Invoice; rev: number }[]>;
  /** The books took revision `rev` (a newer change keeps the invoice to be booked). */
  abstract markBooked(id: string, rev: number): Promise<void>;
  /** Every invoice to be taken again (the books' rebuild). */
  abstract unbookAll(): Promise<void>;
}
