/**
 * `npm run bench:deal-lists`: the deals lists read from their read model (issue #38), each beside
 * the bare driver doing today's read (the query the repository made before #38) in the same run.
 *
 * 1. Seeds BENCH_LISTS_DEALS deals in all (default 100,000) as the API stores them: BENCH_LISTS_MINE
 *    (default 10,000) of the bench creator, the rest spread over 99 other creators; BENCH_LISTS_BRAND
 *    (default 1,000) of the others' deals are sent to one brand's number. Then builds the read
 *    model through its bulk path (the compiled `rebuildDealLists`: every list computed in memory
 *    and written once) and times both.
 * 2. The contracts list's first page with its total (GET /deals, and ?view=active) through the
 *    API, against today's read through the driver (find + sort + limit, and the count).
 * 3. The brand workspace's list (the newest 100 deals sent to the brand) as the use case reads it
 *    (the compiled adapter's two keyed reads, in this process), against today's read (the
 *    `$or` of number and address, sorted by sentAt, limit 100).
 *
 * Tunables: BENCH_LISTS_DEALS, BENCH_LISTS_MINE, BENCH_LISTS_BRAND, BENCH_LISTS_REQUESTS (default
 * 20 per row, after 2 warm-ups), BENCH_LISTS_DRIVER_REQUESTS (today's reads; default the same). MONGODB_URI: a server to use instead of a local one.
 */
import { randomUUID } from 'node:crypto';
import { type Document, MongoClient } from 'mongodb';
import { DEMO_IDENTITY } from '../scripts/lib/identity-provider.ts';
import mongoose from 'mongoose';
import { apiAgainstDriver, compiledExport, runBench, startBenchApi, timed } from './support.ts';

const ALL = Number(process.env.BENCH_LISTS_DEALS ?? 100_000);
const MINE = Number(process.env.BENCH_LISTS_MINE ?? 10_000);
const TO_BRAND = Number(process.env.BENCH_LISTS_BRAND ?? 1_000);
const REQUESTS = Number(process.env.BENCH_LISTS_REQUESTS ?? 20);
/** Today's reads scan every deal on FerretDB (minutes each at 100,000): fewer may be asked. */
const DRIVER_REQUESTS = Number(process.env.BENCH_LISTS_DRIVER_REQUESTS ?? REQUESTS);
const OTHER_CREATORS = 99;
const DATABASE = 'paylock_bench_deal_lists';
const STATES = ['draft', 'sent', 'accepted', 'accepted', 'declined', 'cancelled', 'completed'];
const DAY_MS = 86_400_000;
const PAGE_SIZE = 20;
const BRAND_MOBILE = '9000000001';
const BRAND_EMAIL = 'buyer@bench-brand.in';
const BRAND_LIMIT = 100;

function dealDocument(index: number, creatorId: string, brandIndex: number | null): Document {
  const at = new Date(Date.now() - 365 * DAY_MS + Math.floor((index / ALL) * 365 * DAY_MS));
  const state = brandIndex === null ? (STATES[index % STATES.length] ?? 'draft') : 'sent';
  const brandNumber = index % 150;
  const companyName = brandIndex === null ? `Brand ${String(brandNumber)}` : 'Bench Brand';
  return {
    _id: randomUUID(),
    title: `Collaboration ${String(index)}`,
    brief: 'One reel and three stories.',
    campaign: `Campaign ${String(index % 40)}`,
    brand: {
      companyName,
      contactName: 'Priya Mehta',
      contactEmail: brandIndex === null ? `brand${String(brandNumber)}@example.com` : BRAND_EMAIL,
      contactMobile: brandIndex === null ? `98${String(10_000_000 + brandNumber)}` : BRAND_MOBILE,
    },
    brandKey: companyName.toLowerCase(),
    deliverables: [],
    milestones: [1, 2, 3].map((n) => ({
      id: randomUUID(),
      name: `Milestone ${String(n)}`,
      releaseCondition: 'Delivered',
      amountPaise: 2_500_000 * n,
      dueDate: '2027-01-01',
      state: 'pending',
    })),
    totalPaise: 15_000_000,
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    creatorId,
    state,
    version: 1,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    sentAt: state === 'draft' ? null : at,
    // Far from expiry, so the lazy expiry finds nothing to do.
    linkExpiresAt: state === 'sent' ? new Date(Date.now() + 30 * DAY_MS) : null,
    history: [],
    contracts: [],
    lastError: null,
  };
}

async function seedDeals(client: MongoClient, creatorId: string): Promise<void> {
  const deals = client.db().collection('deals');
  const BATCH = 2_000;
  let brandDeals = 0;
  for (let first = 0; first < ALL; first += BATCH) {
    const batch: Document[] = [];
    for (let index = first; index < Math.min(ALL, first + BATCH); index++) {
      if (index < MINE) {
        batch.push(dealDocument(index, creatorId, null));
        continue;
      }
      const other = `bench-creator-${String(index % OTHER_CREATORS)}`;
      const toBrand = index % 7 === 0 && brandDeals < TO_BRAND;
      if (toBrand) brandDeals += 1;
      batch.push(dealDocument(index, other, toBrand ? brandDeals : null));
    }
    await deals.insertMany(batch, { ordered: false });
  }
}

type Rebuild = (db: unknown, follower: unknown) => Promise<Record<string, unknown>>;
type FollowerClass = new (store: unknown) => unknown;
type StoreClass = new (db: unknown) => {
  lists: { page(list: string, offset: number, limit: number): Promise<{ rows: unknown[] }> };
};

async function main(): Promise<number> {
  return runBench({ name: 'deal-lists', databaseName: DATABASE }, async (database, onCleanUp) => {
    const { client } = database;
    const { apiUrl, accessToken } = await startBenchApi(database, onCleanUp, DEMO_IDENTITY, {
      MAIL_DELIVERY: 'false',
    });
    const user = await client.db().collection('users').findOne({ email: DEMO_IDENTITY.email });
    const creatorId = String(user?._id);

    const module = 'deals/infrastructure/read-model/';
    const rebuild = await compiledExport<Rebuild>(
      `${module}rebuild-deal-lists.js`,
      'rebuildDealLists',
    );
    const Follower = await compiledExport<FollowerClass>(
      `${module}deal-lists.follower.js`,
      'DealListsFollower',
    );
    const Store = await compiledExport<StoreClass>(
      `${module}deal-lists.follower.js`,
      'DealListsStore',
    );

    let started = performance.now();
    await seedDeals(client, creatorId);
    const insertSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    // The store takes an open Mongoose connection (as the API's wiring gives it); kept open for
    // the brand list's reads below.
    const connection = await mongoose.createConnection(database.uri).asPromise();
    onCleanUp(() => connection.close());
    const store = new Store(connection);
    const report = await rebuild(connection, new Follower(store));
    const buildSeconds = (performance.now() - started) / 1000;
    console.log(
      `seeded ${ALL.toLocaleString('en')} deals (${MINE.toLocaleString('en')} the creator's, ` +
        `${TO_BRAND.toLocaleString('en')} to one brand) in ${insertSeconds.toFixed(1)} s; ` +
        `read model built (bulk path) in ${buildSeconds.toFixed(1)} s: ` +
        `${String(report.lists)} lists`,
    );

    const call = async (pathAndQuery: string) => {
      const response = await fetch(`${apiUrl}/api/v1${pathAndQuery}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${String(response.status)}`);
      return response.arrayBuffer();
    };
    const deals = client.db().collection('deals');
    const todaysPage = (filter: Document) =>
      Promise.all([
        deals
          .find(filter, { projection: { history: 0 } })
          .sort({ createdAt: -1, _id: -1 })
          .limit(PAGE_SIZE)
          .toArray(),
        deals.countDocuments(filter),
      ]);
    const brandFilter = {
      $or: [{ 'brand.contactMobile': BRAND_MOBILE }, { 'brand.contactEmail': BRAND_EMAIL }],
      state: { $ne: 'draft' },
      sentAt: { $ne: null },
    };
    const keyedBrandList = () =>
      Promise.all([
        store.lists.page(`bm:${BRAND_MOBILE}`, 0, BRAND_LIMIT),
        store.lists.page(`be:${BRAND_EMAIL}`, 0, BRAND_LIMIT),
      ]);
    const cases = [
      {
        name: `contracts list, first page + total (${MINE.toLocaleString('en')} deals)`,
        read: () => call('/deals'),
        today: () => todaysPage({ creatorId }),
      },
      {
        name: 'contracts list, active view',
        read: () => call('/deals?view=active'),
        today: () => todaysPage({ creatorId, state: { $in: ['accepted'] } }),
      },
      {
        name: `brand workspace list (${TO_BRAND.toLocaleString('en')} deals to the brand; adapter)`,
        read: keyedBrandList,
        today: () =>
          deals
            .find(brandFilter, { projection: { history: 0 } })
            .sort({ sentAt: -1, _id: -1 })
            .limit(BRAND_LIMIT)
            .toArray(),
      },
    ];
    const rows: Record<string, Record<string, string>> = {};
    for (const { name, read, today } of cases) {
      await read();
      await read(); // warm-up
      const viaReadModel = await timed(REQUESTS, read);
      if (DRIVER_REQUESTS > 1) await today(); // warm-up
      const viaDriver = await timed(DRIVER_REQUESTS, today);
      rows[name] = apiAgainstDriver(viaReadModel, viaDriver);
      console.table({ [name]: rows[name] });
    }
    console.table(rows);
    return 0;
  });
}

process.exitCode = await main();
