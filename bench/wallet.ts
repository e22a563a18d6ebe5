/**
 * `npm run bench:wallet`: the creator's wallet screens (#27, #38) when the ledger holds
 * BENCH_WALLET_LINES (default 1,000,000) lines, of which BENCH_WALLET_CREATOR_TRANSACTIONS
 * (default 10,000) transactions belong to the bench creator (the rest to 99 other creators):
 *
 * - the wallet's first screen: GET /api/v1/wallet (balances) and GET /api/v1/wallet/transactions
 *   (first page, 25 lines, newest first, running balances), both at once as the page asks;
 * - the transactions page filtered by one deal;
 *
 * each p50/p95 over BENCH_WALLET_REQUESTS (default 20) after one warm-up, against the bare driver
 * in the same run doing the reads the wallet made before its read model (the creator's
 * transactions in `at` order, index `creator_at`), BENCH_WALLET_DRIVER_REQUESTS times (default
 * the same). The ledger is seeded with the bare driver (ids made at each transaction's time, as a
 * year of writes would have), then the wallet read model (BENCH_WALLET_BUILD, below); both
 * durations are printed. MONGODB_URI is not used: a
 * database of its own is started and dropped.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { type Document, MongoClient, ObjectId } from 'mongodb';
import { DEMO_IDENTITY } from '../scripts/lib/identity-provider.ts';
import { apiAgainstDriver, runBench, startBenchApi, timed } from './support.ts';

const LINES = Number(process.env.BENCH_WALLET_LINES ?? 1_000_000);
const MINE = Number(process.env.BENCH_WALLET_CREATOR_TRANSACTIONS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_WALLET_REQUESTS ?? 20);
const DRIVER_REQUESTS = Number(process.env.BENCH_WALLET_DRIVER_REQUESTS ?? REQUESTS);
const DATABASE = 'paylock_bench_wallet';
const DEALS = 200;
const LINES_PER_TRANSACTION = 2;

/**
 * A GET that waits as long as the answer takes: `fetch` gives up after 300 s without headers, and
 * on FerretDB a page over 1,000,000 lines can take longer than that (it scans the collection).
 */
function getWithoutTimeout(url: string, accessToken: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const headers = { Authorization: `Bearer ${accessToken}` };
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode === 200) resolve(Buffer.concat(chunks));
        else reject(new Error(`${url} answered ${String(response.statusCode)}`));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A balanced transaction as the ledger stores it (see MongoLedger): funded or released. */
function transaction(creatorId: string, index: number, at: Date): Document {
  const dealId = `deal-${creatorId.slice(-4)}-${String(index % DEALS)}`;
  const milestoneId = `m-${String(index)}`;
  const released = index % 2 === 1;
  const amountPaise = 1_000_00 + (index % 97) * 100;
  const lines = released
    ? [
        { account: `creator:${creatorId}:held`, amountPaise: -amountPaise },
        { account: `creator:${creatorId}:releasing`, amountPaise },
      ]
    : [
        { account: `brand:${dealId}:paid`, amountPaise: -amountPaise },
        { account: `creator:${creatorId}:held`, amountPaise },
      ];
  return {
    _id: ObjectId.createFromTime(Math.floor(at.getTime() / 1000)).toHexString(),
    eventKey: `${released ? 'release' : 'fund'}:${dealId}:${milestoneId}`,
    kind: released ? 'released' : 'funded',
    creatorId,
    dealId,
    milestoneId,
    at,
    lines,
    accounts: [...new Set(lines.map(({ account }) => account))].sort(),
  };
}

async function seed(client: MongoClient, creatorId: string): Promise<void> {
  const ledger = client.db().collection('ledger_transactions');
  const total = Math.floor(LINES / LINES_PER_TRANSACTION);
  const start = Date.now() - 365 * 86_400_000;
  const BATCH = 2_000;
  for (let first = 0; first < total; first += BATCH) {
    const batch: Document[] = [];
    for (let index = first; index < Math.min(total, first + BATCH); index++) {
      const at = new Date(start + Math.floor((index / total) * 365 * 86_400_000));
      // Every (total / MINE)-th transaction is the bench creator's; the rest are 99 others'.
      const mine = index % Math.max(1, Math.floor(total / MINE)) === 0;
      const owner = mine ? creatorId : `other-creator-${String(index % 99).padStart(4, '0')}`;
      batch.push(transaction(owner, index, at));
    }
    await ledger.insertMany(batch, { ordered: false });
  }
}

/**
 * Which wallets the bench builds over the seeded ledger (BENCH_WALLET_BUILD):
 * - `all` (default): every creator's, through the followers' bulk path (`follow wallet`), as a
 *   database whose ledger predates the read model would;
 * - `creator`: the bench creator's alone (`rebuild wallet --creator <id>`, the same writes). The
 *   pages read only that creator's collections, so the others' do not change what is measured;
 *   building all 100 on FerretDB takes hours at 1,000,000 lines (docs/performance.md).
 */
const BUILD = process.env.BENCH_WALLET_BUILD === 'creator' ? 'creator' : 'all';

/** Builds the wallet read model over the seeded ledger (see BUILD). */
function followLedger(uri: string, creatorId: string): Promise<void> {
  const command =
    BUILD === 'all' ? ['follow', 'wallet'] : ['rebuild', 'wallet', '--creator', creatorId];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['backend/dist/ledger/read-models-cli.js', ...command], {
      env: {
        ...process.env,
        MONGODB_URI: uri,
        READ_MODEL_FOLLOW_BATCH: process.env.READ_MODEL_FOLLOW_BATCH ?? '10000',
      },
      // Its progress (one JSON line a batch) shows on a run of an hour.
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      // A rebuild exits 1 when it wrote a wallet that differed: here, the empty one.
      if (code === 0 || (BUILD === 'creator' && code === 1)) resolve();
      else reject(new Error(`the follower exited with ${String(code)}`));
    });
  });
}

async function main(): Promise<number> {
  return runBench({ name: 'wallet', databaseName: DATABASE }, async (database, onCleanUp) => {
    const { client } = database;
    const { apiUrl, accessToken } = await startBenchApi(database, onCleanUp, DEMO_IDENTITY, {
      MAIL_DELIVERY: 'false',
      // The hourly reconciliation walks the whole ledger and rebuilds every creator's checkpoint:
      // a batch job of its own (docs/performance.md), kept out of the screens' measurement.
      PAYMENTS_RECONCILIATION_INTERVAL_MS: String(7 * 24 * 3_600_000),
    });
    const call = (pathAndQuery: string) =>
      getWithoutTimeout(`${apiUrl}/api/v1${pathAndQuery}`, accessToken);
    // The ledger's indexes are the API's own: a first read through it builds them.
    await call('/wallet/transactions');
    const user = await client.db().collection('users').findOne({ email: DEMO_IDENTITY.email });
    const creatorId = String(user?._id);
    const seedStarted = performance.now();
    await seed(client, creatorId);
    const ledger = client.db().collection('ledger_transactions');
    const mine = await ledger.countDocuments({ creatorId });
    const seeded = (performance.now() - seedStarted) / 1000;
    console.log(
      `seeded ${LINES.toLocaleString('en')} ledger lines (${mine.toLocaleString('en')} transactions of the bench creator) in ${seeded.toFixed(1)} s`,
    );
    const followStarted = performance.now();
    await followLedger(database.uri, creatorId);
    const built = BUILD === 'all' ? 'every creator (follow)' : 'the bench creator (rebuild)';
    console.log(
      `the wallet read model of ${built} was built in ${((performance.now() - followStarted) / 1000).toFixed(1)} s`,
    );
    const dealId = `deal-${creatorId.slice(-4)}-0`;
    const bare = () =>
      ledger
        .find({ creatorId }, { projection: { accounts: 0, eventKey: 0, creatorId: 0 } })
        .sort({ at: 1, _id: 1 })
        .toArray();
    const cases = [
      {
        name: 'first page (25 lines) + balances',
        read: () => Promise.all([call('/wallet'), call('/wallet/transactions?page=1&pageSize=25')]),
      },
      {
        name: 'filtered: one deal',
        read: () => call(`/wallet/transactions?page=1&pageSize=25&dealId=${dealId}`),
      },
    ];
    const rows: Record<string, Record<string, string>> = {};
    for (const { name, read } of cases) {
      await read(); // warm
      const viaApi = await timed(REQUESTS, read);
      const viaDriver = await timed(DRIVER_REQUESTS, bare);
      rows[name] = apiAgainstDriver(viaApi, viaDriver);
    }
    console.table(rows);
    return 0;
  });
}

process.exitCode = await main();
