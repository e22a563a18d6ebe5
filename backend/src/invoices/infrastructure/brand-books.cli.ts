/**
 * `npm run read-models:rebuild -w backend -- brand-books`: drops every brand workspace's books
 * (#40, item 4) and takes the invoices and the ledger's payments and refunds into them again from
 * their start (a walk of the whole journal), then whatever the books' ledger feed holds.
 * MONGODB_URI names the database.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { type Deal, DealReads } from '../../deals/deals.contract.js';
import { storedDealOn } from '../../deals/index.js';
import { ledgerPortsOf, MongoLedger } from '../../ledger/index.js';
import { BrandBooks } from '../application/brand-books.use-case.js';
import { MongoBrandBooks } from './brand-books-read-model.js';
import { invoiceStoresOn } from './mongo-invoices.js';

const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/paylock';

/** The one deal read the books make (whose workspace a deal's money is bound to), by its id. */
class StoredDeals extends DealReads {
  constructor(private readonly storedDeal: (id: string) => Promise<Deal | undefined>) {
    super();
  }

  findById(id: string): Promise<Deal | undefined> {
    return this.storedDeal(id);
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

async function main(): Promise<number> {
  if (process.argv[2] !== 'rebuild') {
    console.error('usage: brand-books.cli rebuild');
    return 2;
  }
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const { invoices, cursors } = invoiceStoresOn(connection);
    // The rebuild hands out no page cursors: a secret of its own signs none anyone sees.
    const ledger = ledgerPortsOf(
      new MongoLedger(connection, { auth: { jwtSecret: randomBytes(32).toString('hex') } }),
    );
    const books = new BrandBooks(
      invoices,
      new MongoBrandBooks(connection),
      ledger.reader,
      ledger.feed,
      cursors,
      new StoredDeals(storedDealOn(connection)),
    );
    console.log(JSON.stringify({ rebuilt: { changesTaken: await books.rebuild() } }, null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main();
