/**
 * `npm run read-models:rebuild -w backend -- brand-books`: drops every brand workspace's books
 * (#40, item 4) and takes the invoices and the ledger's payments and refunds into them again from
 * their start. MONGODB_URI names the database.
 */
import mongoose from 'mongoose';
import { SystemClock } from '../../common/infrastructure/system-clock.js';
import { type Deal, DealReads } from '../../deals/deals.contract.js';
import {
  type LedgerTransaction,
  LedgerReader,
  type TransactionKind,
} from '../../ledger/ledger.contract.js';
import { BrandBooks } from '../application/brand-books.use-case.js';
import { MongoBrandBooks } from './brand-books-read-model.js';
import { MongoInvoices, MongoLedgerCursors } from './mongo-invoices.js';

const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/paylock';

/** The one deal read the books make (whose workspace a deal's money is bound to), by its id. */
class StoredDeals extends DealReads {
  constructor(private readonly connection: mongoose.Connection) {
    super();
  }

  async findById(id: string): Promise<Deal | undefined> {
    const document = await this.connection
      .collection<{ _id: string }>('deals')
      .findOne({ _id: id });
    return document ? ({ ...document, id: document._id } as unknown as Deal) : undefined;
  }

  findOwned(): Promise<Deal | undefined> {
    return Promise.reject(new Error('not used by the books'));
  }

  summaries(): Promise<never[]> {
    return Promise.reject(new Error('not used by the books'));
  }

  boundToBrandAccount(): Promise<never[]> {
    return Promise.reject(new Error('not used by the books'));
  }
}

/** The stored ledger's one read the books make: transactions of a kind after an id. */
class StoredLedger extends LedgerReader {
  constructor(private readonly connection: mongoose.Connection) {
    super();
  }

  async transactionsOfKind(
    kind: TransactionKind,
    afterId: string | null,
    limit: number,
  ): Promise<LedgerTransaction[]> {
    const documents = await this.connection
      .collection<LedgerTransaction & { _id: string }>('ledger_transactions')
      .find({ kind, ...(afterId !== null && { _id: { $gt: afterId } }) })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return documents.map(({ _id, ...transaction }) => ({ ...transaction, id: _id }));
  }

  balancesOf(): Promise<never> {
    return Promise.reject(new Error('not used by the books'));
  }

  creatorLines(): Promise<never> {
    return Promise.reject(new Error('not used by the books'));
  }
}

async function main(): Promise<number> {
  if (process.argv[2] !== 'rebuild') {
    console.error('usage: brand-books.cli rebuild');
    return 2;
  }
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const books = new BrandBooks(
      new MongoInvoices(connection),
      new MongoBrandBooks(connection),
      new StoredLedger(connection),
      new MongoLedgerCursors(connection),
      new StoredDeals(connection),
      new SystemClock(),
    );
    console.log(JSON.stringify({ rebuilt: { changesTaken: await books.rebuild() } }, null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main();
