import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { databaseOf } from '../../database/declared-model.js';
import {
  type AppliedChanges,
  KeyedRange,
  type ReadModelOwner,
  ReadModelStore,
  type ReadModelWrite,
} from '../../database/read-models/index.js';
import {
  type BookChange,
  type BookedInvoicePage,
  BrandBooksStore,
} from '../application/ports/brand-books.store.js';
import {
  type BookedInvoice,
  countInvoice,
  countMoney,
  financialYearOfTime,
  type YearRows,
} from '../domain/brand-books.js';

export const BRAND_BOOKS = 'brand-books';
/** Invoices per block document: a brand with 1,000 invoices is 20 documents. */
export const BOOKS_BLOCK_SIZE = 50;
const INVOICES = 'invoices';
const YEARS = 'years';

/** The head: the slot (1, 2, …, dense, in the order first taken) each invoice holds. */
interface BooksState {
  readonly slots: Readonly<Record<string, number>>;
  readonly count: number;
}

/** JSON strings: one string decodes far faster on FerretDB than nested documents. */
interface BlockDocument {
  _id: string;
  invoices: string;
}
interface YearDocument {
  _id: string;
  rows: string;
}

const yearKey = (financialYear: string) => `fy:${financialYear}`;

/**
 * The brand's books in the read-model kit (#38): per brand (`rm.brand-books.<brandId>.*`) a head
 * of slots, its invoices in blocks of 50 (a page is one or two keyed blocks) and one document per
 * financial year with its rows per creator and month (a statement is one keyed read).
 */
export class BrandBooksReadModel extends BrandBooksStore {
  private readonly range = new KeyedRange(BOOKS_BLOCK_SIZE);

  constructor(private readonly store: ReadModelStore) {
    super();
  }

  take(brandId: string, changes: readonly BookChange[]): Promise<number> {
    const owner = this.ownerOf(brandId);
    return this.store.applyOnce<BooksState, BookChange>(owner, changes, (state, fresh) =>
      this.plan(owner, state, fresh),
    );
  }

  async page(brandId: string, page: number, pageSize: number): Promise<BookedInvoicePage> {
    const owner = this.ownerOf(brandId);
    const total = (await this.store.head<BooksState>(owner)).state?.count ?? 0;
    const range = this.range.newestFirst(total, page, pageSize);
    const blocks = await this.store.getMany<BlockDocument>(
      owner,
      INVOICES,
      this.range.blockKeys(INVOICES, range),
    );
    const bySlot = new Map<number, BookedInvoice>();
    for (const block of blocks) {
      const number = Number(block._id.split(':')[1]);
      (JSON.parse(block.invoices) as (BookedInvoice | null)[]).forEach((invoice, index) => {
        if (invoice) bySlot.set(number * BOOKS_BLOCK_SIZE + index + 1, invoice);
      });
    }
    const items: BookedInvoice[] = [];
    for (let slot = range.last; slot >= range.first; slot -= 1) {
      const invoice = bySlot.get(slot);
      if (invoice) items.push(invoice);
    }
    return { items, total };
  }

  async invoice(brandId: string, invoiceId: string): Promise<BookedInvoice | undefined> {
    const owner = this.ownerOf(brandId);
    const slots = (await this.store.head<BooksState>(owner)).state?.slots ?? {};
    // Own keys only: an id such as "constructor" names no invoice.
    const slot = Object.hasOwn(slots, invoiceId) ? slots[invoiceId] : undefined;
    if (slot === undefined) return undefined;
    const block = await this.store.get<BlockDocument>(
      owner,
      INVOICES,
      this.range.blockKey(INVOICES, slot),
    );
    const invoices = block ? (JSON.parse(block.invoices) as (BookedInvoice | null)[]) : [];
    return invoices[this.range.slotOf(slot)] ?? undefined;
  }

  async year(brandId: string, financialYear: string): Promise<YearRows> {
    const document = await this.store.get<YearDocument>(
      this.ownerOf(brandId),
      YEARS,
      yearKey(financialYear),
    );
    return document ? (JSON.parse(document.rows) as YearRows) : {};
  }

  async dropAll(): Promise<void> {
    for (const owner of await this.store.owners(BRAND_BOOKS))
      await this.store.drop({ model: BRAND_BOOKS, owner });
  }

  private ownerOf(brandId: string): ReadModelOwner {
    return { model: BRAND_BOOKS, owner: brandId };
  }

  private async plan(
    owner: ReadModelOwner,
    state: BooksState | null,
    fresh: readonly BookChange[],
  ): Promise<AppliedChanges<BooksState>> {
    const slots: Record<string, number> = { ...state?.slots };
    let count = state?.count ?? 0;
    const blocks = new Map<string, { invoices: (BookedInvoice | null)[]; existed: boolean }>();
    const years = new Map<string, { rows: YearRows; existed: boolean }>();
    const yearOf = async (at: number) => {
      const key = yearKey(financialYearOfTime(at));
      let year = years.get(key);
      if (!year) {
        const stored = await this.store.get<YearDocument>(owner, YEARS, key);
        year = {
          rows: stored ? (JSON.parse(stored.rows) as YearRows) : {},
          existed: stored !== null,
        };
        years.set(key, year);
      }
      return year.rows;
    };
    const blockOf = async (slot: number) => {
      const key = this.range.blockKey(INVOICES, slot);
      let block = blocks.get(key);
      if (!block) {
        const stored = await this.store.get<BlockDocument>(owner, INVOICES, key);
        block = {
          invoices: stored ? (JSON.parse(stored.invoices) as (BookedInvoice | null)[]) : [],
          existed: stored !== null,
        };
        blocks.set(key, block);
      }
      return block.invoices;
    };
    for (const change of fresh) {
      if (change.kind === 'money') {
        countMoney(await yearOf(change.money.at), change.money);
        continue;
      }
      const { invoice } = change;
      const slot = slots[invoice.id] ?? (slots[invoice.id] = count += 1);
      const invoices = await blockOf(slot);
      const before = invoices[this.range.slotOf(slot)];
      // A revision older than the one kept (a replay, or overtaken) changes nothing.
      if (before && before.rev >= invoice.rev) continue;
      if (before) countInvoice(await yearOf(before.issuedAt), before, -1);
      invoices[this.range.slotOf(slot)] = invoice;
      countInvoice(await yearOf(invoice.issuedAt), invoice, 1);
    }
    const writes: ReadModelWrite[] = [
      ...[...blocks].map(([key, block]) => ({
        part: INVOICES,
        doc: { _id: key, invoices: JSON.stringify(Array.from(block.invoices, (x) => x ?? null)) },
        mode: block.existed ? ('replace' as const) : ('insert' as const),
      })),
      ...[...years].map(([key, year]) => ({
        part: YEARS,
        doc: { _id: key, rows: JSON.stringify(year.rows) },
        mode: year.existed ? ('replace' as const) : ('insert' as const),
      })),
    ];
    return { state: { slots, count }, writes };
  }
}

/**
 * The brand's books on the app's connection: the kit opens the database (its collections are named
 * per brand at run time, which no schema declares).
 */
@Injectable()
export class MongoBrandBooks extends BrandBooksReadModel {
  constructor(@InjectConnection() connection: Connection) {
    super(new ReadModelStore(databaseOf(connection)));
  }
}
