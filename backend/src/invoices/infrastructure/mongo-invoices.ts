import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Connection, type Model, mongo, type QueryFilter, Types } from 'mongoose';
import { declaredModel } from '../../database/declared-model.js';
import { insertedFirst, isDuplicateKeyError } from '../../database/duplicate-key.js';
import type { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { OneWritePerKey } from '../../database/one-write-per-key.js';
import { schemaIndexesBeforeFirstWrite } from '../../database/schema-indexes.js';
import { InvoiceSerials } from '../application/ports/invoice-serials.js';
import {
  type InvoiceCounts,
  type InvoiceListQuery,
  InvoiceStore,
} from '../application/ports/invoice.store.js';
import { LedgerCursors } from '../application/ports/ledger-cursors.js';
import type { Invoice, TdsRecord } from '../domain/invoice.js';
import {
  type InvoiceDocument,
  InvoiceRecord,
  InvoiceSchema,
  InvoiceSerialRecord,
  InvoiceSerialSchema,
  LedgerCursorRecord,
  LedgerCursorSchema,
  toInvoice,
} from './invoice-documents.js';

export {
  INVOICE_SERIALS_COLLECTION,
  INVOICES_COLLECTION,
  LEDGER_CURSORS_COLLECTION,
} from './invoice-documents.js';

/** Every change of an invoice is a new revision (and `booked: false`) for the brand's books. */
const NEW_REVISION = { rev: 1 } as const;

const WITHOUT_PDF = { pdf: 0 } as const;

/** Invoices in `invoices` (one per milestone, unique), the PDF stored with each. */
@Injectable()
export class MongoInvoices extends InvoiceStore {
  private readonly indexes: IndexesBeforeFirstWrite;
  /**
   * The writes of one invoice, one at a time: the brands' books worker marks an invoice booked
   * while the invoices worker numbers and issues it, and on FerretDB two updates of one document
   * at once can lose one (an issued invoice seen as to be issued again, a TDS record lost).
   */
  private readonly writes = new OneWritePerKey();

  constructor(@InjectModel(InvoiceRecord.name) private readonly invoices: Model<InvoiceRecord>) {
    super();
    this.indexes = schemaIndexesBeforeFirstWrite(invoices);
  }

  nextId(): string {
    return new Types.ObjectId().toHexString();
  }

  async claim(invoice: Invoice): Promise<{ invoice: Invoice; created: boolean }> {
    await this.indexes.ensure();
    const { id, ...rest } = invoice;
    const milestoneKey = `${invoice.dealId}:${invoice.milestoneId}`;
    const document: InvoiceDocument = {
      ...rest,
      _id: id,
      milestoneKey,
      pdf: null,
      rev: 1,
      booked: false,
    };
    const claimed = await insertedFirst(() => this.invoices.create(document));
    if (claimed) return { invoice, created: true };
    const first = await this.findOne({ milestoneKey });
    if (!first) throw new Error('A duplicate invoice claim whose invoice is not readable');
    return { invoice: first, created: false };
  }

  findById(id: string): Promise<Invoice | undefined> {
    return this.findOne({ _id: id });
  }

  findOwned(id: string, creatorId: string): Promise<Invoice | undefined> {
    return this.findOne({ _id: id, creatorId });
  }

  async findByDeal(dealId: string): Promise<Invoice[]> {
    const documents = await this.invoices
      .find({ dealId }, WITHOUT_PDF)
      .sort({ createdAt: 1 })
      .lean<InvoiceDocument[]>()
      .exec();
    return documents.map(toInvoice);
  }

  async milestonesInvoiced(creatorId: string): Promise<Set<string>> {
    const documents = await this.invoices
      .find({ creatorId }, { milestoneKey: 1 })
      .lean<Pick<InvoiceDocument, 'milestoneKey'>[]>()
      .exec();
    return new Set(documents.map(({ milestoneKey }) => milestoneKey));
  }

  async setNumber(
    id: string,
    number: { financialYear: string; serial: number; number: string; issuedAt: Date },
  ): Promise<Invoice> {
    // Idempotent: the serial was allocated once for this invoice, so every writer writes the same.
    await this.write(id, () =>
      this.invoices
        .updateOne(
          { _id: id, serial: null },
          { $set: { ...number, booked: false }, $inc: NEW_REVISION },
        )
        .exec(),
    );
    const invoice = await this.findOne({ _id: id });
    if (!invoice) throw new Error('An invoice that was claimed is not readable');
    return invoice;
  }

  async markIssued(id: string, pdf: Uint8Array): Promise<void> {
    await this.write(id, () =>
      this.invoices
        .updateOne(
          { _id: id },
          {
            $set: { status: 'issued', pdf: new mongo.Binary(pdf), lastError: null, booked: false },
            $inc: NEW_REVISION,
          },
        )
        .exec(),
    );
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.write(id, () =>
      this.invoices
        .updateOne({ _id: id, status: 'to_be_issued' }, { $set: { lastError: error } })
        .exec(),
    );
  }

  async pdfOf(id: string): Promise<Uint8Array | undefined> {
    const document = await this.invoices
      .findOne({ _id: id }, { pdf: 1 })
      .lean<Pick<InvoiceDocument, 'pdf'>>()
      .exec();
    return document?.pdf ? new Uint8Array(document.pdf.buffer) : undefined;
  }

  async toBeIssued(limit: number): Promise<Invoice[]> {
    const documents = await this.invoices
      .find({ status: 'to_be_issued' }, WITHOUT_PDF)
      .sort({ _id: 1 })
      .limit(limit)
      .lean<InvoiceDocument[]>()
      .exec();
    return documents.map(toInvoice);
  }

  async markSettled(dealId: string, milestoneId: string, at: Date): Promise<void> {
    const filter = { milestoneKey: `${dealId}:${milestoneId}`, settledAt: null };
    const unsettled = await this.invoices
      .findOne(filter, { _id: 1 })
      .lean<{ _id: string }>()
      .exec();
    if (!unsettled) return;
    await this.write(unsettled._id, () =>
      this.invoices
        .updateOne(
          { ...filter, _id: unsettled._id },
          { $set: { settledAt: at, booked: false }, $inc: NEW_REVISION },
        )
        .exec(),
    );
  }

  async recordTds(id: string, tds: TdsRecord): Promise<Invoice> {
    await this.write(id, () =>
      this.invoices
        .updateOne({ _id: id }, { $set: { tds, booked: false }, $inc: NEW_REVISION })
        .exec(),
    );
    const invoice = await this.findOne({ _id: id });
    if (!invoice) throw new Error('An invoice that was found is not readable');
    return invoice;
  }

  async unbooked(limit: number): Promise<{ invoice: Invoice; rev: number }[]> {
    const documents = await this.invoices
      .find({ booked: false }, WITHOUT_PDF)
      .sort({ _id: 1 })
      .limit(limit)
      .lean<InvoiceDocument[]>()
      .exec();
    return documents.map((document) => ({ invoice: toInvoice(document), rev: document.rev ?? 0 }));
  }

  async markBooked(id: string, rev: number): Promise<void> {
    // Only the revision taken: a change made meanwhile stays to be booked.
    await this.write(id, () =>
      this.invoices.updateOne({ _id: id, rev }, { $set: { booked: true } }).exec(),
    );
  }

  private async write(id: string, update: () => Promise<unknown>): Promise<void> {
    await this.writes.run(id, update);
  }

  async unbookAll(): Promise<void> {
    await this.invoices.updateMany({}, { $set: { booked: false } }).exec();
  }

  private async findOne(filter: QueryFilter<InvoiceRecord>): Promise<Invoice | undefined> {
    const document = await this.invoices
      .findOne(filter, WITHOUT_PDF)
      .lean<InvoiceDocument>()
      .exec();
    return document ? toInvoice(document) : undefined;
  }

  private filterOf(
    creatorId: string,
    view: InvoiceListQuery['view'],
    today: string,
  ): QueryFilter<InvoiceRecord> {
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

  private count(filter: QueryFilter<InvoiceRecord>): Promise<number> {
    return this.invoices.countDocuments(filter).exec();
  }

  async list(query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
    const filter = this.filterOf(query.creatorId, query.view, query.today);
    const [documents, total] = await Promise.all([
      this.invoices
        .find(filter, WITHOUT_PDF)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .lean<InvoiceDocument[]>()
        .exec(),
      this.count(filter),
    ]);
    return { items: documents.map(toInvoice), total };
  }

  async counts(creatorId: string, today: string): Promise<InvoiceCounts> {
    const [all, pending, paid, overdue, toBeIssued] = await Promise.all([
      this.count(this.filterOf(creatorId, 'all', today)),
      this.count(this.filterOf(creatorId, 'pending', today)),
      this.count(this.filterOf(creatorId, 'paid', today)),
      this.count(this.filterOf(creatorId, 'overdue', today)),
      this.count({ creatorId, status: 'to_be_issued' }),
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
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(InvoiceSerialRecord.name) private readonly serials: Model<InvoiceSerialRecord>,
  ) {
    super();
    this.indexes = schemaIndexesBeforeFirstWrite(serials);
  }

  async allocate(
    invoiceId: string,
    creatorId: string,
    financialYear: string,
  ): Promise<{ financialYear: string; serial: number }> {
    await this.indexes.ensure();
    const existing = await this.serialOf(invoiceId);
    if (existing) return existing;
    let serial = (await this.highest(creatorId, financialYear)) + 1;
    for (;;) {
      const claimed = await insertedFirst(() =>
        this.serials.create({
          _id: `${creatorId}:${financialYear}:${String(serial)}`,
          creatorId,
          financialYear,
          serial,
          invoiceId,
        }),
      );
      if (claimed) return { financialYear, serial };
      // Which unique index refused is not told (FerretDB): the invoice's own, or the serial's.
      const mine = await this.serialOf(invoiceId);
      if (mine) return mine;
      // Taken by another invoice: jump past the highest taken now (never below the next number).
      serial = Math.max(serial + 1, (await this.highest(creatorId, financialYear)) + 1);
    }
  }

  private async serialOf(
    invoiceId: string,
  ): Promise<{ financialYear: string; serial: number } | undefined> {
    const taken = await this.serials.findOne({ invoiceId }).lean<InvoiceSerialRecord>().exec();
    return taken ? { financialYear: taken.financialYear, serial: taken.serial } : undefined;
  }

  private async highest(creatorId: string, financialYear: string): Promise<number> {
    const [top] = await this.serials
      .find({ creatorId, financialYear }, { serial: 1 })
      .sort({ serial: -1 })
      .limit(1)
      .lean<Pick<InvoiceSerialRecord, 'serial'>[]>()
      .exec();
    return top?.serial ?? 0;
  }
}

/** Cursors of the ledger followers: one document per follower, moved forward only. */
@Injectable()
export class MongoLedgerCursors extends LedgerCursors {
  constructor(
    @InjectModel(LedgerCursorRecord.name) private readonly cursors: Model<LedgerCursorRecord>,
  ) {
    super();
  }

  async get(name: string): Promise<string | null> {
    const cursor = await this.cursors.findOne({ _id: name }).lean<LedgerCursorRecord>().exec();
    return cursor?.lastId ?? null;
  }

  async advance(name: string, transactionId: string): Promise<void> {
    try {
      await this.cursors
        .updateOne(
          { _id: name, lastId: { $lt: transactionId } },
          { $set: { lastId: transactionId } },
          { upsert: true },
        )
        .exec();
    } catch (error) {
      // Upserting while the stored cursor is already further: nothing to move.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}

/** The invoices' stores on a connection of their own (the books' rebuild command, the specs). */
export function invoiceStoresOn(connection: Connection): {
  invoices: MongoInvoices;
  serials: MongoInvoiceSerials;
  cursors: MongoLedgerCursors;
} {
  return {
    invoices: new MongoInvoices(declaredModel(connection, InvoiceRecord.name, InvoiceSchema)),
    serials: new MongoInvoiceSerials(
      declaredModel(connection, InvoiceSerialRecord.name, InvoiceSerialSchema),
    ),
    cursors: new MongoLedgerCursors(
      declaredModel(connection, LedgerCursorRecord.name, LedgerCursorSchema),
    ),
  };
}
