import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { eventually } from '../../../test/support/eventually.js';
import { buildBackend } from '../../../test/support/server-process.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import {
  type BalancedTransaction,
  balancedTransaction,
  brandPaidAccount,
  creatorAccount,
  InvalidPageCursorError,
} from '../ledger.contract.js';
import { documentOf } from './ledger-document.js';
import { LEDGER_COLLECTION, MongoLedger } from './mongo-ledger.js';
import { rebuildWallets } from './wallet-maintenance.js';

const BACKEND_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));

function funded(creatorId: string, dealId: string, milestone: number, amountPaise: number) {
  return balancedTransaction({
    eventKey: `fund:${creatorId}:${dealId}:${String(milestone)}`,
    kind: 'funded',
    creatorId,
    dealId,
    milestoneId: `m${String(milestone)}`,
    at: at(milestone % 60),
    lines: [
      { account: brandPaidAccount(dealId), amountPaise: -amountPaise },
      { account: creatorAccount(creatorId, 'held'), amountPaise },
    ],
  });
}

function released(creatorId: string, dealId: string, milestone: number, amountPaise: number) {
  return balancedTransaction({
    eventKey: `release:${creatorId}:${dealId}:${String(milestone)}`,
    kind: 'released',
    creatorId,
    dealId,
    milestoneId: `m${String(milestone)}`,
    at: at(milestone % 60),
    lines: [
      { account: creatorAccount(creatorId, 'held'), amountPaise: -amountPaise },
      { account: creatorAccount(creatorId, 'releasing'), amountPaise },
    ],
  });
}

/** `count` milestones of `creatorId` over two deals, each funded and every other one released. */
function history(creatorId: string, count: number): BalancedTransaction[] {
  return Array.from({ length: count }, (_, index) => {
    const deal = `deal-${String(index % 2)}`;
    const fund = funded(creatorId, deal, index, 10_000 + index);
    return index % 2 === 1 ? [fund, released(creatorId, deal, index, 10_000 + index)] : [fund];
  }).flat();
}

/** The ledger document the bench and old data have: written without the read model. */
function bare(transaction: BalancedTransaction, index: number) {
  return documentOf(String(index).padStart(24, '0'), transaction);
}

describe('The wallet read model (#38) against the real database', () => {
  let connection: Connection;
  let ledger: MongoLedger;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    ledger = new MongoLedger(connection, { auth: { jwtSecret: 'test-cursor-secret' } });
  });

  beforeEach(async () => {
    await connection.dropDatabase();
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('keeps balances and each line with its running balance as the ledger is written', async () => {
    for (const transaction of history('asha', 6)) await ledger.record(transaction);
    const wallet = await ledger.walletOf('asha');
    // funded 10000..10005 (60,015), released 10001 + 10003 + 10005 (30,009)
    expect(wallet.state.balances).toEqual({ held: 30_006, releasing: 30_009, paid_out: 0 });
    expect(wallet.pendingChanges).toBe(0);
    expect(wallet.asOf).toBeInstanceOf(Date);
    const page = await ledger.walletLines({ creatorId: 'asha', page: 1, pageSize: 4 });
    expect(page.total).toBe(12);
    expect(
      page.items.map((line) => [line.account, line.amountPaise, line.balanceAfterPaise]),
    ).toEqual([
      ['releasing', 10_005, 30_009],
      ['held', -10_005, 30_006],
      ['held', 10_005, 40_011],
      ['held', 10_004, 30_006],
    ]);
    const next = await ledger.walletLines({
      creatorId: 'asha',
      page: 1,
      pageSize: 4,
      cursor: page.nextCursor ?? '',
    });
    const second = await ledger.walletLines({ creatorId: 'asha', page: 2, pageSize: 4 });
    expect(next.items).toEqual(second.items);
    const deal = await ledger.walletLines({
      creatorId: 'asha',
      dealId: 'deal-1',
      page: 1,
      pageSize: 25,
    });
    expect(deal.total).toBe(9);
    expect(deal.items.every((line) => line.dealId === 'deal-1')).toBe(true);
    const dealReleased = await ledger.walletLines({
      creatorId: 'asha',
      dealId: 'deal-1',
      kind: 'released',
      page: 1,
      pageSize: 25,
    });
    expect(dealReleased.total).toBe(6);
  });

  it('refuses a forged cursor, another creator’s, and one of another list', async () => {
    for (const transaction of history('asha', 4)) await ledger.record(transaction);
    for (const transaction of history('ravi', 4)) await ledger.record(transaction);
    const asha = await ledger.walletLines({ creatorId: 'asha', page: 1, pageSize: 2 });
    const cursor = asha.nextCursor ?? '';
    const [body = '', signature = ''] = cursor.split('.');
    const position = JSON.parse(Buffer.from(body, 'base64url').toString()) as { list: string };
    const moved = JSON.stringify({ list: position.list, before: 99 });
    const forged = `${Buffer.from(moved).toString('base64url')}.${signature}`;
    for (const attempt of [
      { creatorId: 'ravi', cursor },
      { creatorId: 'asha', cursor: forged },
      { creatorId: 'asha', cursor, dealId: 'deal-0' },
      { creatorId: 'asha', cursor: 'not-a-cursor' },
    ]) {
      await expect(ledger.walletLines({ page: 1, pageSize: 2, ...attempt })).rejects.toBeInstanceOf(
        InvalidPageCursorError,
      );
    }
  });

  it('applies a change once however often it comes, and two instances following at once apply each once', async () => {
    const other = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(other);
    try {
      const second = new MongoLedger(other, { auth: { jwtSecret: 'test-cursor-secret' } });
      const transactions = history('asha', 10);
      // Each transaction recorded by both instances at once, all of them in flight together.
      await Promise.all(
        transactions.flatMap((transaction) => [
          ledger.record(transaction),
          second.record(transaction),
        ]),
      );
      const again = await Promise.all(
        transactions.map(async (transaction) => (await second.record(transaction)).transaction),
      );
      expect(await ledger.wallets.apply(again)).toBe(0);
      const report = await rebuildWallets(connection, ledger);
      expect(report.differences).toEqual({});
      const wallet = await ledger.walletOf('asha');
      expect(wallet.state.lineCount).toBe(20);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('finds a corrupted wallet, reports what differed and writes it again from the ledger', async () => {
    for (const transaction of history('asha', 6)) await ledger.record(transaction);
    for (const transaction of history('ravi', 2)) await ledger.record(transaction);
    await connection
      .collection('rm.wallet.asha.head')
      .updateOne({ _id: 'head' as never }, { $inc: { 'state.balances.held': 500 } });
    const blocks = connection.collection<{ _id: string; lines: { balanceAfterPaise: number }[] }>(
      'rm.wallet.asha.all',
    );
    const block = await blocks.findOne({ _id: 'all:000000000' });
    const lines = (block?.lines ?? []).map((line, index) =>
      index === 2 ? { ...line, balanceAfterPaise: 1 } : line,
    );
    await blocks.updateOne({ _id: 'all:000000000' }, { $set: { lines } });

    const report = await rebuildWallets(connection, ledger);

    expect(Object.keys(report.differences)).toEqual(['asha']);
    expect(report.differences.asha).toEqual(
      expect.arrayContaining([
        'held: stored 30506, ledger 30006',
        'line 3: balance after 1, should be 10000',
      ]),
    );
    expect((await ledger.walletOf('asha')).state.balances.held).toBe(30_006);
    expect((await rebuildWallets(connection, ledger)).differences).toEqual({});
  });

  it("rebuilds one creator's wallet alone, from nothing, and leaves the others as they are", async () => {
    for (const transaction of history('asha', 6)) await ledger.record(transaction);
    for (const transaction of history('ravi', 2)) await ledger.record(transaction);
    const ravi = await ledger.walletOf('ravi');
    await ledger.wallets.drop('ravi');
    await connection
      .collection('rm.wallet.asha.head')
      .updateOne({ _id: 'head' as never }, { $inc: { 'state.balances.held': 500 } });

    const report = await rebuildWallets(connection, ledger, { creatorId: 'ravi' });

    expect(Object.keys(report.differences)).toEqual(['ravi']);
    expect(report).toMatchObject({
      creators: 1,
      transactions: await connection
        .collection(LEDGER_COLLECTION)
        .countDocuments({ creatorId: 'ravi' }),
    });
    expect((await ledger.walletOf('ravi')).state).toEqual(ravi.state);
    expect((await rebuildWallets(connection, ledger, { creatorId: 'ravi' })).differences).toEqual(
      {},
    );
    // Asha's wallet was not looked at: still wrong, until a rebuild of everyone finds it.
    expect((await ledger.walletOf('asha')).state.balances.held).toBe(30_506);
    expect(Object.keys((await rebuildWallets(connection, ledger)).differences)).toEqual(['asha']);
  });

  it('resumes after a follower is killed mid-batch (SIGKILL) without counting a change twice', async () => {
    const transactions = [...history('asha', 1_400), ...history('ravi', 600)];
    await connection
      .collection(LEDGER_COLLECTION)
      .insertMany(transactions.map((transaction, index) => bare(transaction, index)) as never[]);
    await buildBackend();
    const follow = () =>
      spawn(process.execPath, ['dist/ledger/read-models-cli.js', 'follow', 'wallet'], {
        cwd: BACKEND_DIR,
        env: { PATH: process.env.PATH ?? '', MONGODB_URI: testDatabaseUri('int') },
        stdio: 'ignore',
      });
    const first = follow();
    const exited = new Promise((resolve) => first.once('exit', resolve));
    // Killed while a batch is half applied: a wallet's step claimed and not yet committed.
    await eventually(
      async () =>
        (await connection
          .collection('rm.wallet.asha.steps')
          .countDocuments({ done: { $exists: false } })) > 0,
      { timeoutMs: 120_000, intervalMs: 10, what: 'a batch in flight' },
    );
    first.kill('SIGKILL');
    await exited;
    expect((await ledger.wallets.head('asha')).applying).toBe(true);

    const second = follow();
    const code = await new Promise((resolve) => second.once('exit', resolve));
    expect(code).toBe(0);

    const report = await rebuildWallets(connection, ledger);
    expect(report.differences).toEqual({});
    expect((await ledger.walletOf('asha')).state.lineCount).toBe(1_400 + 700 * 2);
  }, 300_000);
});
