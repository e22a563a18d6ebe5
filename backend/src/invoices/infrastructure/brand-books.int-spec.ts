import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { type Deal, DealReads } from '../../deals/deals.contract.js';
import { ledgerPortsOf, MongoLedger } from '../../ledger/index.js';
import { balancedTransaction, type TransactionKind } from '../../ledger/ledger.contract.js';
import { BrandBooks } from '../application/brand-books.use-case.js';
import { CAUGHT_UP } from '../application/journal-walk.js';
import { DEFAULT_GST_RATES } from '../domain/gst.js';
import { newInvoice } from '../domain/invoice.js';
import { invoiceNumber } from '../domain/invoice-number.js';
import { MongoBrandBooks } from './brand-books-read-model.js';
import { invoiceStoresOn, type MongoInvoices } from './mongo-invoices.js';

const ISSUED = new Date('2026-11-20T06:30:00Z');

class Deals extends DealReads {
  findById(id: string): Promise<Deal | undefined> {
    const brandId = id.startsWith('a-') ? 'brand-a' : 'brand-b';
    return Promise.resolve({
      id,
      brandParty: { channel: 'account', brandId, mobile: '9876543210' },
      contracts: [],
    } as unknown as Deal);
  }
  findOwned(): Promise<Deal | undefined> {
    return Promise.resolve(undefined);
  }
  summaries(): Promise<never[]> {
    return Promise.resolve([]);
  }

  boundToBrandAccount(): Promise<never[]> {
    return Promise.resolve([]);
  }
}

/**
 * The brand's books (#40, item 4) on the real database: two instances following at once take each
 * invoice revision and each ledger transaction once, a later revision (TDS recorded) replaces the
 * invoice's figures, and the rebuild recomputes books that were damaged.
 */
describe('The brand’s books follow the invoices and the ledger', () => {
  let connection: Connection;
  let invoices: MongoInvoices;
  let ledger: MongoLedger;
  const books = () =>
    new BrandBooks(
      invoices,
      new MongoBrandBooks(connection),
      ledgerPortsOf(ledger).reader,
      ledgerPortsOf(ledger).feed,
      invoiceStoresOn(connection).cursors,
      new Deals(),
    );

  async function issued(index: number, dealId: string, brandAccountId: string) {
    const invoice = newInvoice({
      id: invoices.nextId(),
      creatorId: 'asha',
      brandAccountId,
      dealId,
      milestoneId: `m${String(index)}`,
      description: `Deal ${dealId}`,
      taxablePaise: 10_000_00,
      dueDate: '2026-12-31',
      supplier: { name: 'Asha Rao', address: null, gstin: '27AAPFU0939F1ZV' },
      recipient: { name: 'Brand', address: null, gstin: '27AAACR5055K1Z7' },
      recipientStateCode: null,
      sac: '998361',
      rates: DEFAULT_GST_RATES,
      now: ISSUED,
    });
    await invoices.claim(invoice);
    await invoices.setNumber(invoice.id, {
      financialYear: '2026-27',
      serial: index,
      number: invoiceNumber('2026-27', index),
      issuedAt: ISSUED,
    });
    await invoices.markIssued(invoice.id, new Uint8Array([37, 80, 68, 70]));
    return invoice.id;
  }

  /** The brand's payment or refund, recorded in the ledger as the payments module records it. */
  const transactionOf = (
    index: number,
    kind: TransactionKind,
    dealId: string,
    amountPaise: number,
  ) =>
    balancedTransaction({
      eventKey: `${kind}:${String(index)}`,
      kind,
      creatorId: 'asha',
      dealId,
      milestoneId: `m${String(index)}`,
      at: ISSUED,
      lines: [
        { account: `brand:${dealId}:paid`, amountPaise: -amountPaise },
        { account: 'creator:asha:held', amountPaise },
      ],
    });
  const money = (...args: Parameters<typeof transactionOf>) =>
    ledger.record(transactionOf(...args));

  beforeAll(async () => {
    connection = await mongoose.createConnection(testDatabaseUri('brand_books')).asPromise();
    await waitForDatabase(connection);
    await connection.dropDatabase();
    invoices = invoiceStoresOn(connection).invoices;
    ledger = new MongoLedger(connection, { auth: { jwtSecret: 'test-cursor-secret' } });
  }, 60_000);

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('counts each change once with two instances following, then takes a new revision and rebuilds', async () => {
    const first = await issued(1, 'a-1', 'brand-a');
    await issued(2, 'a-2', 'brand-a');
    await issued(3, 'b-1', 'brand-b');
    await money(1, 'funded', 'a-1', 10_000_00);
    await money(2, 'funded', 'a-2', 10_000_00);
    await money(3, 'refunded', 'a-2', 10_000_00);
    await money(4, 'funded', 'b-1', 10_000_00);
    const [one, two] = [books(), books()];
    await Promise.all([one.follow(), two.follow(), one.follow(), two.follow()]);
    const expected = {
      invoiceCount: 2,
      taxablePaise: 20_000_00,
      cgstPaise: 1_800_00,
      sgstPaise: 1_800_00,
      igstPaise: 0,
      invoicedPaise: 23_600_00,
      paidPaise: 20_000_00,
      refundedPaise: 10_000_00,
      tdsPaise: 0,
      tdsRecordedCount: 0,
    };
    expect((await one.statement('brand-a', '2026-27')).totals).toEqual(expected);
    expect((await one.statement('brand-b', '2026-27')).totals).toMatchObject({
      invoiceCount: 1,
      paidPaise: 10_000_00,
      refundedPaise: 0,
    });
    const page = await one.invoicesPage('brand-a', 1, 20);
    expect(page.total).toBe(2);
    await expect(one.pdf('brand-b', first)).rejects.toThrow();

    // The brand records TDS: a new revision replaces the invoice's figures, counted once.
    await invoices.recordTds(first, {
      amountPaise: 200_00,
      certificateNumber: 'FORM16A-1',
      recordedAt: ISSUED,
    });
    await Promise.all([one.follow(), two.follow()]);
    const withTds = { ...expected, tdsPaise: 200_00, tdsRecordedCount: 1 };
    expect((await two.statement('brand-a', '2026-27')).totals).toEqual(withTds);

    // Damaged books (the year's rows gone) are written again by the rebuild.
    await connection.collection('rm.brand-books.brand-a.years').deleteMany({});
    expect((await one.statement('brand-a', '2026-27')).totals.invoiceCount).toBe(0);
    await one.rebuild();
    expect((await one.statement('brand-a', '2026-27')).totals).toEqual(withTds);
    expect((await one.invoicesPage('brand-a', 1, 20)).total).toBe(2);
    // The feed was emptied as it was taken: a pass reads nothing of the journal again.
    expect(await ledger.next('brand-books', 10)).toEqual([]);
  }, 120_000);

  it('catches up once from where a walk of the journal stood before the feed, then leaves it to the feed', async () => {
    // Recorded as an instance from before the feed recorded them: in the journal only.
    const before = await ledger.record(transactionOf(5, 'funded', 'b-2', 5_000_00));
    await ledger.taken('brand-books', [before.transaction.id]);
    const cursors = invoiceStoresOn(connection).cursors;
    const { transaction: sixth } = await ledger.record(transactionOf(6, 'funded', 'b-2', 6_000_00));
    const { transaction: seventh } = await ledger.record(
      transactionOf(7, 'refunded', 'b-2', 6_000_00),
    );
    await ledger.taken('brand-books', [sixth.id, seventh.id]);
    // The old walk stood at the fifth (it took it then), and the sixth and seventh came after.
    await cursors.advance('brand-books:funded', before.transaction.id);
    await cursors.advance('brand-books:refunded', before.transaction.id);
    const one = books();
    expect(await one.catchUp()).toBe(2);
    expect((await one.statement('brand-b', '2026-27')).totals).toMatchObject({
      paidPaise: 10_000_00 + 6_000_00,
      refundedPaise: 6_000_00,
    });
    expect(await cursors.get('brand-books:funded')).toBe(CAUGHT_UP);
    expect(await books().catchUp()).toBe(0);
  }, 60_000);
});
