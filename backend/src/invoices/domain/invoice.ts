/**
 * A creator's invoice for one released milestone, issued to the brand. A tax invoice when the
 * creator has a GSTIN (the deal's terms), a bill of supply otherwise; both numbered in the same
 * series. Plain TypeScript: the amounts and words are computed here, once, when it is made.
 */
import { rupeesInWords } from '../../deals/deals.contract.js';
import {
  DEFAULT_GST_RATES,
  type GstRates,
  type GstSplit,
  gstSplit,
  type PlaceOfSupply,
  placeOfSupply,
  type SacCode,
  stateCodeOf,
} from './gst.js';

export const INVOICE_KINDS = ['tax_invoice', 'bill_of_supply'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** `to_be_issued` until it has its number and PDF and its e-mail is queued; then `issued`. */
export const INVOICE_STATUSES = ['to_be_issued', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the creator sees in the lists: pending (released, not settled), paid (settled), overdue. */
export const INVOICE_VIEWS = ['all', 'pending', 'paid', 'overdue'] as const;
export type InvoiceView = (typeof INVOICE_VIEWS)[number];

export interface InvoiceParty {
  readonly name: string;
  readonly address: string | null;
  readonly gstin: string | null;
}

export interface TdsRecord {
  readonly amountPaise: number;
  readonly certificateNumber: string;
  readonly recordedAt: Date;
}

export interface InvoiceAmounts {
  readonly taxablePaise: number;
  readonly gst: GstSplit | null;
  readonly totalPaise: number;
  readonly totalInWords: string;
}

export interface Invoice extends InvoiceAmounts {
  readonly id: string;
  readonly creatorId: string;
  /** The brand workspace the deal was accepted from (its books, #40); null by e-mail link. */
  readonly brandAccountId: string | null;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly kind: InvoiceKind;
  readonly status: InvoiceStatus;
  /** Set once the serial is allocated (after the milestone's claim). */
  readonly financialYear: string | null;
  readonly serial: number | null;
  readonly number: string | null;
  readonly issuedAt: Date | null;
  readonly supplier: InvoiceParty;
  readonly recipient: InvoiceParty;
  readonly placeOfSupply: PlaceOfSupply | null;
  readonly sac: SacCode;
  readonly description: string;
  /** The milestone's due date (YYYY-MM-DD): past it and not settled, the invoice is overdue. */
  readonly dueDate: string;
  /** When the gateway settled the milestone to the creator (the `settled` ledger transaction). */
  readonly settledAt: Date | null;
  readonly tds: TdsRecord | null;
  readonly createdAt: Date;
  readonly lastError: string | null;
}

/** The amounts of an invoice: tax only on a tax invoice; the total in figures and words. */
export function invoiceAmounts(input: {
  readonly taxablePaise: number;
  readonly supplierGstin: string | null;
  readonly place: PlaceOfSupply | null;
  readonly rates?: GstRates;
}): InvoiceAmounts {
  const gst =
    input.supplierGstin !== null && input.place !== null
      ? gstSplit(
          input.taxablePaise,
          input.supplierGstin,
          input.place.stateCode,
          input.rates ?? DEFAULT_GST_RATES,
        )
      : null;
  const totalPaise = input.taxablePaise + (gst?.taxPaise ?? 0);
  return {
    taxablePaise: input.taxablePaise,
    gst,
    totalPaise,
    totalInWords: rupeesInWords(totalPaise),
  };
}

export interface NewInvoiceInput {
  readonly id: string;
  readonly creatorId: string;
  readonly brandAccountId?: string | null;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly description: string;
  readonly taxablePaise: number;
  readonly dueDate: string;
  readonly supplier: InvoiceParty;
  readonly recipient: InvoiceParty;
  readonly recipientStateCode: string | null;
  readonly sac: SacCode;
  readonly rates?: GstRates;
  readonly now: Date;
}

/** A new invoice, to be issued: its kind, place of supply and amounts decided now. */
export function newInvoice(input: NewInvoiceInput): Invoice {
  const supplierGstin = input.supplier.gstin;
  const place = placeOfSupply({
    supplierStateCode: supplierGstin !== null ? stateCodeOf(supplierGstin) : null,
    recipientGstin: input.recipient.gstin,
    recipientStateCode: input.recipientStateCode,
  });
  const amounts = invoiceAmounts({
    taxablePaise: input.taxablePaise,
    supplierGstin,
    place,
    ...(input.rates && { rates: input.rates }),
  });
  return {
    ...amounts,
    id: input.id,
    creatorId: input.creatorId,
    brandAccountId: input.brandAccountId ?? null,
    dealId: input.dealId,
    milestoneId: input.milestoneId,
    kind: supplierGstin !== null ? 'tax_invoice' : 'bill_of_supply',
    status: 'to_be_issued',
    financialYear: null,
    serial: null,
    number: null,
    issuedAt: null,
    supplier: input.supplier,
    recipient: input.recipient,
    placeOfSupply: place,
    sac: input.sac,
    description: input.description,
    dueDate: input.dueDate,
    settledAt: null,
    tds: null,
    createdAt: input.now,
    lastError: null,
  };
}

/** Overdue: released (so approved) but not settled, and past its due date (India's calendar day). */
export function isOverdue(invoice: Pick<Invoice, 'settledAt' | 'dueDate'>, today: string): boolean {
  return invoice.settledAt === null && invoice.dueDate < today;
}

/** What the creator receives once the brand's TDS is deducted. */
export function netReceivablePaise(invoice: Pick<Invoice, 'totalPaise' | 'tds'>): number {
  return invoice.totalPaise - (invoice.tds?.amountPaise ?? 0);
}
