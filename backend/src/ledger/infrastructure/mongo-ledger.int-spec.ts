import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { UnbalancedTransactionError } from '../domain/ledger-transaction.js';
import {
  type BalancedTransaction,
  balancedTransaction,
  brandPaidAccount,
  creatorAccount,
  FEES_ACCOUNT,
} from '../ledger.contract.js';
import { CHECKPOINT_LAG_MS, LEDGER_COLLECTION, MongoLedger } from './mongo-ledger.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));

function funded(
  creatorId: string,
  dealId: string,
  milestoneId: string,
  amountPaise: number,
  minute: number,
): BalancedTransaction {
  return balancedTransaction({
    eventKey: `fund:${dealId}:${milestoneId}`,
    kind: 'funded',
    creatorId,
    dealId,
    milestoneId,
    at: at(minute),
    lines: [
      { account: brandPaidAccount(dealId), amountPaise: -amountPaise },
      { account: creatorAccount(creatorId, 'held'), amountPaise },
    ],
  });
}

function released(
  creatorId: string,
  dealId: string,
  milestoneId: string,
  amountPaise: number,
  feePaise: number,
  minute: number,
): BalancedTransaction {
  return balancedTransaction({
    eventKey: `release:${dealId}:${milestoneId}`,
    kind: 'released',
    creatorId,
    dealId,
    milestoneId,
    at: at(minute),
    lines: [
      { account: creatorAccount(creatorId, 'held'), amountPaise: -amountPaise },
      { account: creatorAccount(creatorId, 'releasing'), amountPaise: amountPaise - feePaise },
      ...(feePaise > 0 ? [{ account: FEES_ACCOUNT, amountPaise: feePaise }] : []),
    ],
  });
}

describe('MongoLedger against the real database', () => {
  let connection: Connection;
  let ledger: MongoLedger;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    ledger = new MongoLedger(connection, { auth: { jwtSecret: 'test-cursor-secret' } });
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('writes a transaction once per event key, however many times or concurrently it is recorded', async () => {
    const transaction = funded('c1', 'd1', 'm1', 150_000, 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => ledger.record(transaction)));
    expect(results.filter(({ created }) => created)).toHaveLength(1);
    expect(new Set(results.map(({ transaction: { id } }) => id)).size).toBe(1);
    expect(
      await connection.collection(LEDGER_COLLECTION).countDocuments({ eventKey: 'fund:d1:m1' }),
    ).toBe(1);
  });

  it('refuses an unbalanced transaction and writes nothing', async () => {
    const bad = {
      // eslint-disable-next-line @typescript-eslint/no-misused-spread -- a plain look-alike, on purpose
      ...funded('c1', 'd1', 'm9', 100, 2),
      lines: [{ account: creatorAccount('c1', 'held'), amountPaise: 100 }],
    };
    await expect(async () => ledger.record(balancedTransaction(bad))).rejects.toBeInstanceOf(
      UnbalancedTransactionError,
    );
    expect(
      await connection.collection(LEDGER_COLLECTION).countDocuments({ milestoneId: 'm9' }),
    ).toBe(0);
  });

  it("derives a creator's balances and running lines from the lines alone", async () => {
    await ledger.record(funded('c1', 'd1', 'm2', 50_000, 3));
    await ledger.record(released('c1', 'd1', 'm1', 150_000, 3_000, 4));
    await ledger.record(funded('c2', 'd2', 'm1', 99_900, 5));
    await ledger.record(
      balancedTransaction({
        eventKey: 'settle:d1:m1',
        kind: 'settled',
        creatorId: 'c1',
        dealId: 'd1',
        milestoneId: 'm1',
        at: at(6),
        lines: [
          { account: creatorAccount('c1', 'releasing'), amountPaise: -147_000 },
          { account: creatorAccount('c1', 'paid_out'), amountPaise: 147_000 },
        ],
      }),
    );

    expect(await ledger.balancesOf('c1')).toEqual({
      heldPaise: 50_000,
      releasingPaise: 0,
      paidOutPaise: 147_000,
    });
    expect(await ledger.balancesOf('c2')).toEqual({
      heldPaise: 99_900,
      releasingPaise: 0,
      paidOutPaise: 0,
    });
    expect(await ledger.balancesOf('nobody')).toEqual({
      heldPaise: 0,
      releasingPaise: 0,
      paidOutPaise: 0,
    });

    const page = await ledger.creatorLines({ creatorId: 'c1', page: 1, pageSize: 3 });
    expect(page.total).toBe(6);
    expect(
      page.items.map(({ kind, account, amountPaise, balanceAfterPaise }) => [
        kind,
        account,
        amountPaise,
        balanceAfterPaise,
      ]),
    ).toEqual([
      ['settled', 'paid_out', 147_000, 147_000],
      ['settled', 'releasing', -147_000, 0],
      ['released', 'releasing', 147_000, 147_000],
    ]);
    const held = await ledger.creatorLines({
      creatorId: 'c1',
      kind: 'funded',
      page: 1,
      pageSize: 10,
    });
    expect(
      held.items.map(({ milestoneId, balanceAfterPaise }) => [milestoneId, balanceAfterPaise]),
    ).toEqual([
      ['m2', 200_000],
      ['m1', 150_000],
    ]);
    const ofDeal = await ledger.creatorLines({
      creatorId: 'c1',
      dealId: 'd2',
      page: 1,
      pageSize: 10,
    });
    expect(ofDeal.total).toBe(0);

    const balances = await ledger.accountBalances();
    expect([...balances.values()].reduce((sum, value) => sum + value, 0)).toBe(0);
    expect(balances.get(FEES_ACCOUNT)).toBe(3_000);
  });

  it('caches balances in a checkpoint rebuilt from the lines, checked, and adds the lines after it', async () => {
    // "now" as the checkpoint sees it: the lines made up to this second are old enough.
    const later = new Date(Date.now() + CHECKPOINT_LAG_MS);
    expect(await ledger.rebuildCheckpoint('c1', later)).toBe(true);
    const before = await ledger.balancesOf('c1');
    await ledger.record(funded('c1', 'd3', 'm1', 1_000, 7));
    expect(await ledger.balancesOf('c1')).toEqual({
      ...before,
      heldPaise: before.heldPaise + 1_000,
    });
    // A wrong checkpoint is found at the next rebuild, and replaced.
    await connection
      .collection('ledger_balance_checkpoints')
      .updateOne({ _id: 'c1' as never }, { $inc: { heldPaise: 5 } });
    expect(await ledger.rebuildCheckpoint('c1', new Date(later.getTime() + 1_000))).toBe(false);
    expect(await ledger.rebuildCheckpoint('c1', new Date(later.getTime() + 2_000))).toBe(true);
    expect((await ledger.balancesOf('c1')).heldPaise).toBe(before.heldPaise + 1_000);
    expect((await ledger.creatorsWithTransactions()).sort()).toEqual(['c1', 'c2']);
  });

  it('lets workers follow the ledger by kind and in id order', async () => {
    const funds = await ledger.transactionsOfKind('funded', null, 2);
    expect(funds.map(({ eventKey }) => eventKey)).toEqual(['fund:d1:m1', 'fund:d1:m2']);
    const rest = await ledger.transactionsOfKind('funded', funds[1]?.id ?? null, 10);
    expect(rest.map(({ eventKey }) => eventKey)).toEqual(['fund:d2:m1', 'fund:d3:m1']);
    expect((await ledger.transactionsOfDeal('d1')).map(({ kind }) => kind)).toEqual([
      'funded',
      'funded',
      'released',
      'settled',
    ]);
    const batches: number[] = [];
    for await (const batch of ledger.everyTransaction(4)) batches.push(batch.length);
    expect(batches).toEqual([4, 2]);
  });

  it('feeds each follower the transactions of its kinds once, until it takes them (#38)', async () => {
    const invoiceKinds = (await ledger.next('invoices', 100)).map(({ eventKey }) => eventKey);
    expect(invoiceKinds).toEqual(['release:d1:m1', 'settle:d1:m1']);
    const books = await ledger.next('brand-books', 100);
    expect(books.every(({ kind }) => kind === 'funded' || kind === 'refunded')).toBe(true);
    expect(books.map(({ eventKey }) => eventKey)).toContain('fund:d1:m1');
    // A retried event records nothing twice, in the journal or in a feed.
    const again = await ledger.record(released('c1', 'd1', 'm1', 100_000, 5_000, 3));
    expect(again.created).toBe(false);
    const fed = await ledger.next('invoices', 100);
    expect(fed.filter(({ id }) => id === again.transaction.id)).toHaveLength(1);
    // Taken: off the feed, in the journal still.
    await ledger.taken(
      'invoices',
      fed.map(({ id }) => id),
    );
    expect(await ledger.next('invoices', 100)).toEqual([]);
    expect(await ledger.transactionsOfKind('released', null, 100)).not.toEqual([]);
  });

  it('feeds a transaction whose writer died between the journal and the feed, once its pending change is followed', async () => {
    const transaction = released('c3', 'd9', 'm1', 90_000, 0, 30);
    const { transaction: written } = await ledger.record(transaction);
    await ledger.taken('invoices', [written.id]);
    // As the writer leaves it when killed before the feed: its pending change still there.
    const createdAt = new Date(Date.now() - 60_000);
    await connection
      .collection<{ _id: string; creatorId: string; createdAt: Date }>('ledger_pending_changes')
      .insertOne({ _id: transaction.eventKey, creatorId: 'c3', createdAt });
    expect(await ledger.next('invoices', 100)).toEqual([]);
    await ledger.followPending(new Date());
    expect((await ledger.next('invoices', 100)).map(({ id }) => id)).toEqual([written.id]);
  });
});
