import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Collection, type Connection, mongo, Types } from 'mongoose';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { insertedFirst, isDuplicateKeyError } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { InvoiceSerials } from '../application/ports/invoice-serials.js';
import {
  type InvoiceCounts,
  type InvoiceListQuery,
  InvoiceStore,
} from '../application/ports/invoice.store.js';
import { LedgerCursors } from '../application/ports/ledger-cursors.js';
import type { Invoice, TdsRecord } from '../domain/invoice.js';

export const INVOICES_COLLECTION = 'invoices';
export const INVOICE_SERIALS_COLLECTION = 'invoice_serials';
export const LEDGER_CURSORS_COLLECTION = 'ledger_cursors';

type InvoiceDocument = Omit<Invoice, 'id'> & {
  _id: string;
  /** `dealId:milestoneId`: the milestone's claim (unique). */
  milestoneKey: string;
  pdf?: mongo.Binary | null;
  /** Counts the invoice's changes: the brand's books take each revision once. */
  rev?: number;
  /** False after a change the brand's books have not taken yet. */
  booked?: boolean;
};

/** Every change of an invoice is a new revision (and `booked: false`) for the brand's books. */
const NEW_REVISION = { rev: 1 } as const;

interface SerialDocument {
  _id: string;
  creatorId: string;
  financialYear: string;
  serial: number;
  invoiceId: string;
}

const INVOICE_INDEXES: mongo.IndexDescription[] = [
  { key: { milestoneKey: 1 }, name: 'milestone_unique', unique: true },
  { key: { creatorId: 1, createdAt: -1 }, name: 'creator_created' },
  { key: { dealId: 1 }, name: 'deal' },
  { key: { status: 1 }, name: 'status' },
];
const SERIAL_INDEXES: mongo.IndexDescription[] = [
  { key: { creatorId: 1, financialYear: 1, serial: 1 }, name: 'serial_unique', unique: true },
  { key: { invoiceId: 1 }, name: 'invoice_unique', unique: true },
];

const WITHOUT_PDF = { projection: { pdf: 0 } } as const;

function toInvoice(document: InvoiceDocument): Invoice {
  const invoice: Invoice & { _id?: string; milestoneKey?: string; pdf?: unknown } = {
    ...document,
    id: document._id,
  };
  delete invoice._id;
  delete invoice.milestoneKey;
  delete invoice.pdf;
  delete (invoice as { rev?: number }).rev;
  delete (invoice as { booked?: boolean }).booked;
  return { ...invoice, brandAccountId: document.brandAccountId ?? null };
}

/** Invoices in `invoices` (one per milestone, unique), the PDF stored with each. */
@Injectable()
export class MongoInvoices extends InvoiceStore {
  private readonly collection: Collection<InvoiceDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    this.collection = connection.collection<InvoiceDocument>(INVOICES_COLLECTION);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        this.connection,
        [INVOICES_COLLECTION],
        this.collection,
        INVOICE_INDEXES,
      ),
    );
  }

  nextId(): string {
    return new Types.ObjectId().toHexString();
  }

  async claim(invoice: Invoice): Promise<{ invoice: Invoice; created: boolean }> {
    await this.indexes.ensure();
    const { id, ...rest } = invoice;
    const milestoneKey = `${invoice.dealId}:${invoice.milestoneId}`;
    const claimed = await insertedFirst(() =>
      this.collection.insertOne({
        ...rest,
        _id: id,
        milestoneKey,
        pdf: null,
        rev: 1,
        booked: false,
      }),
    );
    if (claimed) return { invoice, created: true };
    const first = await this.collection.findOne({ milestoneKey }, WITHOUT_PDF);
    if (!first) throw new Error('A duplicate invoice claim whose invoice is not readable');
    return { invoice: toInvoice(first), created: false };
  }

  async findById(id: string): Promise<Invoice | undefined> {
    const document = await this.collection.findOne({ _id: id }, WITHOUT_PDF);
    return document ? toInvoice(document) : undefined;
  }

  async findOwned(id: string, creatorId: string): Promise<Invoice | undefined> {
    const document = await this.collection.findOne({ _id: id, creatorId }, WITHOUT_PDF);
    return document ? toInvoice(document) : undefined;
  }

  async findByDeal(dealId: string): Promise<Invoice[]> {
    const documents = await this.collection
      .find({ dealId }, WITHOUT_PDF)
      .sort({ createdAt: 1 })
      .toArray();
    return documents.map(toInvoice);
  }

  async milestonesInvoiced(creatorId: string): Promise<Set<string>> {
    const documents = await this.collection
      .find({ creatorId }, { projection: { milestoneKey: 1 } })
      .toArray();
    return new Set(documents.map(({ milestoneKey }) => milestoneKey));
  }

  async setNumber(
    id: string,
    number: { financialYear: string; serial: number; number: string; issuedAt: Date },
  ): Promise<Invoice> {
    // Idempotent: the serial was allocated once for this invoice, so every writer writes the same.
    await this.collection.updateOne(
      { _id: id, serial: null },
      { $set: { ...number, booked: false }, $inc: NEW_REVISION },
    );
    const document = await this.collection.findOne({ _id: id }, WITHOUT_PDF);
    if (!document) throw new Error('An invoice that was claimed is not readable');
    return toInvoice(document);
  }

  async markIssued(id: string, pdf: Uint8Array): Promise<void> {
    await this.collection.updateOne(
      { _id: id },
      {
        $set: { status: 'issued', pdf: new mongo.Binary(pdf), lastError: null, booked: false },
        $inc: NEW_REVISION,
      },
    );
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.collection.updateOne(
      { _id: id, status: 'to_be_issued' },
      { $set: { lastError: error } },
    );
  }

  async pdfOf(id: string): Promise<Uint8Array | undefined> {
    const document = await this.collection.findOne({ _id: id }, { projection: { pdf: 1 } });
    return document?.pdf ? new Uint8Array(document.pdf.buffer) : undefined;
  }

  async toBeIssued(limit: number): Promise<Invoice[]> {
    const documents = await this.collection
      .find({ status: 'to_be_issued' }, WITHOUT_PDF)
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return documents.map(toInvoice);
  }

  async markSettled(dealId: string, milestoneId: string, at: Date): Promise<void> {
    await this.collection.updateOne(
      { milestoneKey: `${dealId}:${milestoneId}`, settledAt: null },
      { $set: { settledAt: at, booked: false }, $inc: NEW_REVISION },
    );
  }

  async recordTds(id: string, tds: TdsRecord): Promise<Invoice> {
    await this.collection.updateOne(
      { _id: id },
      { $set: { tds, booked: false }, $inc: NEW_REVISION },
    );
    const document = await this.collection.findOne({ _id: id }, WITHOUT_PDF);
    if (!document) throw new Error('An invoice that was found is not readable');
    return toInvoice(document);
  }

  async unbooked(limit: number): Promise<{ invoice: Invoice; rev: number }[]> {
    const documents = await this.collection
      .find({ booked: false }, WITHOUT_PDF)
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return documents.map((document) => ({ invoice: toInvoice(document), rev: document.rev ?? 0 }));
  }

  async markBooked(id: string, rev: number): Promise<void> {
    // Only the revision taken: a change made meanwhile stays to be booked.
    await this.collection.updateOne({ _id: id, rev }, { $set: { booked: true } });
  }

  async unbookAll(): Promise<void> {
    await this.collection.updateMany({}, { $set: { booked: false } });
  }

  private filterOf(creatorId: string, view: InvoiceListQuery['view'], today: string) {
    switch (view) {
      case 'pending':
        return { creatorId, settledAt: null, dueDate: { $gte: today } };
      case 'overdue':
        return { creatorId, settledAt: null, dueDate: { $lt: today } };
      case 'paid':
        return { creatorId, settledAt: { $ne: null } };
      default:
        return { creatorId };
    }
  }

  async list(query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
    const filter = this.filterOf(query.creatorId, query.view, query.today);
    const [documents, total] = await Promise.all([
      this.collection
        .find(filter, WITHOUT_PDF)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      this.collection.countDocuments(filter),
    ]);
    return { items: documents.map(toInvoice), total };
  }

  async counts(creatorId: string, today: string): Promise<InvoiceCounts> {
    const [all, pending, paid, overdue, toBeIssued] = await Promise.all([
      this.collection.countDocuments(this.filterOf(creatorId, 'all', today)),
      this.collection.countDocuments(this.filterOf(creatorId, 'pending', today)),
      this.collection.countDocuments(this.filterOf(creatorId, 'paid', today)),
      this.collection.countDocuments(this.filterOf(creatorId, 'overdue', today)),
      this.collection.countDocuments({ creatorId, status: 'to_be_issued' }),
    ]);
    return { all, pending, paid, overdue, toBeIssued };
  }
}

/**
 * The serial counter (ADR 0047): one document per serial taken, unique by (creator, year, serial)
 * and by invoice. Allocation starts after the highest serial taken and, on each refused insert,
 * jumps past the highest taken then; a refusal because the invoice has its serial already returns
 * that serial.
 */
@Injectable()
export class MongoInvoiceSerials extends InvoiceSerials {
  private readonly collection: Collection<SerialDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    this.collection = connection.collection<SerialDocument>(INVOICE_SERIALS_COLLECTION);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        this.connection,
        [INVOICE_SERIALS_COLLECTION],
        this.collection,
        SERIAL_INDEXES,
      ),
    );
  }

  async allocate(
    invoiceId: string,
    creatorId: string,
    financialYear: string,
  ): Promise<{ financialYear: string; serial: number }> {
    await this.indexes.ensure();
    const existing = await this.collection.findOne({ invoiceId });
    if (existing) return { financialYear: existing.financialYear, serial: existing.serial };
    let serial = (await this.highest(creatorId, financialYear)) + 1;
    for (;;) {
      const claimed = await insertedFirst(() =>
        this.collection.insertOne({
          _id: `${creatorId}:${financialYear}:${String(serial)}`,
          creatorId,
          financialYear,
          serial,
          invoiceId,
        }),
      );
      if (claimed) return { financialYear, serial };
      // Which unique index refused is not told (FerretDB): the invoice's own, or the serial's.
      const mine = await this.collection.findOne({ invoiceId });
      if (mine) return { financialYear: mine.financialYear, serial: mine.serial };
      // Taken by another invoice: jump past the highest taken now (never below the next number).
      serial = Math.max(serial + 1, (await this.highest(creatorId, financialYear)) + 1);
    }
  }

  private async highest(creatorId: string, financialYear: string): Promise<number> {
    const [top] = await this.collection
      .find({ creatorId, financialYear }, { projection: { serial: 1 } })
      .sort({ serial: -1 })
      .limit(1)
      .toArray();
    return top?.serial ?? 0;
  }
}

/** Cursors of the ledger followers: one document per follower, moved forward only. */
@Injectable()
export class MongoLedgerCursors extends LedgerCursors {
  private readonly collection: Collection<{ _id: string; lastId: string }>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.collection = connection.collection(LEDGER_CURSORS_COLLECTION);
  }

  async get(name: string): Promise<string | null> {
    return (await this.collection.findOne({ _id: name }))?.lastId ?? null;
  }

  async reset(name: string): Promise<void> {
    await this.collection.deleteOne({ _id: name });
  }

  async advance(name: string, transactionId: string): Promise<void> {
    try {
      await this.collection.updateOne(
        { _id: name, lastId: { $lt: transactionId } },
        { $set: { lastId: transactionId } },
        { upsert: true },
      );
    } catch (error) {
      // Upserting while the stored cursor is already further: nothing to move.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
