import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { mongo } from 'mongoose';
import type { Invoice } from '../domain/invoice.js';

export const INVOICES_COLLECTION = 'invoices';
export const INVOICE_SERIALS_COLLECTION = 'invoice_serials';
export const LEDGER_CURSORS_COLLECTION = 'ledger_cursors';

/**
 * An invoice as stored in `invoices`: the domain's invoice with `_id` for `id`, its milestone's
 * claim, its PDF and its revision for the brand's books. The schema declares every top-level
 * field (a compile-time check below keeps it so); the parties, the GST split, the place of supply
 * and the TDS record are the domain's own shapes, stored as they are (`Object`: no casting).
 * Indexes are built before the first claim (`milestone_unique` is what makes it claim-once). The
 * fields are declared in the order the invoices were first written in (documents keep it).
 */
@Schema({
  collection: INVOICES_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class InvoiceRecord {
  /** An ObjectId's hex: the worker takes invoices to be issued in this order. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  taxablePaise!: number;

  @Prop({ type: Object })
  gst!: Invoice['gst'];

  @Prop({ type: Number, required: true })
  totalPaise!: number;

  @Prop({ type: String, required: true })
  totalInWords!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  /** Absent on invoices stored before the brand's books (#40): read as null. */
  @Prop({ type: String })
  brandAccountId?: string | null;

  @Prop({ type: String, required: true })
  dealId!: string;

  @Prop({ type: String, required: true })
  milestoneId!: string;

  @Prop({ type: String, required: true })
  kind!: Invoice['kind'];

  @Prop({ type: String, required: true })
  status!: Invoice['status'];

  @Prop({ type: String })
  financialYear!: string | null;

  @Prop({ type: Number })
  serial!: number | null;

  @Prop({ type: String })
  number!: string | null;

  @Prop({ type: Date })
  issuedAt!: Date | null;

  @Prop({ type: Object, required: true })
  supplier!: Invoice['supplier'];

  @Prop({ type: Object, required: true })
  recipient!: Invoice['recipient'];

  @Prop({ type: Object })
  placeOfSupply!: Invoice['placeOfSupply'];

  @Prop({ type: String, required: true })
  sac!: Invoice['sac'];

  @Prop({ type: String, required: true })
  description!: string;

  /** YYYY-MM-DD: compared as a string with India's today (pending / overdue). */
  @Prop({ type: String, required: true })
  dueDate!: string;

  @Prop({ type: Date })
  settledAt!: Date | null;

  @Prop({ type: Object })
  tds!: Invoice['tds'];

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: String })
  lastError!: string | null;

  /** `dealId:milestoneId`: the milestone's claim (unique). */
  @Prop({ type: String, required: true })
  milestoneKey!: string;

  /** The PDF once rendered (null until then). */
  @Prop({ type: Buffer })
  pdf?: mongo.Binary | null;

  /** Counts the invoice's changes: the brand's books take each revision once. */
  @Prop({ type: Number })
  rev?: number;

  /** False after a change the brand's books have not taken yet. */
  @Prop({ type: Boolean })
  booked?: boolean;
}

export const InvoiceSchema = SchemaFactory.createForClass(InvoiceRecord);
InvoiceSchema.index({ milestoneKey: 1 }, { name: 'milestone_unique', unique: true });
InvoiceSchema.index({ creatorId: 1, createdAt: -1 }, { name: 'creator_created' });
InvoiceSchema.index({ dealId: 1 }, { name: 'deal' });
InvoiceSchema.index({ status: 1 }, { name: 'status' });

/** An invoice as stored. */
export type InvoiceDocument = Omit<Invoice, 'id' | 'brandAccountId'> &
  Pick<InvoiceRecord, '_id' | 'milestoneKey' | 'brandAccountId' | 'pdf' | 'rev' | 'booked'>;

/** Fails to compile when the stored invoice has a field the schema does not declare. */
type AllDeclared<Missing extends never> = Missing;
export type InvoiceFieldsDeclared = AllDeclared<
  Exclude<keyof InvoiceDocument, keyof InvoiceRecord>
>;

/** The invoice of a stored document (read without its PDF). */
export function toInvoice(document: InvoiceDocument): Invoice {
  return {
    id: document._id,
    creatorId: document.creatorId,
    brandAccountId: document.brandAccountId ?? null,
    dealId: document.dealId,
    milestoneId: document.milestoneId,
    kind: document.kind,
    status: document.status,
    financialYear: document.financialYear,
    serial: document.serial,
    number: document.number,
    issuedAt: document.issuedAt,
    supplier: document.supplier,
    recipient: document.recipient,
    placeOfSupply: document.placeOfSupply,
    sac: document.sac,
    description: document.description,
    dueDate: document.dueDate,
    settledAt: document.settledAt,
    tds: document.tds,
    createdAt: document.createdAt,
    lastError: document.lastError,
    taxablePaise: document.taxablePaise,
    gst: document.gst,
    totalPaise: document.totalPaise,
    totalInWords: document.totalInWords,
  };
}

/**
 * One serial taken, in `invoice_serials` (ADR 0047): `_id` = `creator:year:serial`, unique by
 * (creator, year, serial) and by invoice, so neither a serial nor an invoice is numbered twice.
 */
@Schema({
  collection: INVOICE_SERIALS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class InvoiceSerialRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: String, required: true })
  financialYear!: string;

  @Prop({ type: Number, required: true })
  serial!: number;

  @Prop({ type: String, required: true })
  invoiceId!: string;
}

export const InvoiceSerialSchema = SchemaFactory.createForClass(InvoiceSerialRecord);
InvoiceSerialSchema.index(
  { creatorId: 1, financialYear: 1, serial: 1 },
  { name: 'serial_unique', unique: true },
);
InvoiceSerialSchema.index({ invoiceId: 1 }, { name: 'invoice_unique', unique: true });

/** Where a follower of the ledger is, in `ledger_cursors`: one document per follower. */
@Schema({
  collection: LEDGER_CURSORS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class LedgerCursorRecord {
  /** The follower's name (`invoices`, `brand-books:funded`, …). */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The last ledger transaction the follower passed. */
  @Prop({ type: String, required: true })
  lastId!: string;
}

export const LedgerCursorSchema = SchemaFactory.createForClass(LedgerCursorRecord);
