/**
 * `npm run bench:deals`: the deals' two costs that grow — rendering a contract PDF, and a
 * creator's contracts list when the creator has many deals — each beside a baseline in the same run.
 *
 * 1. Contract PDF renders: GET /deals/{id}/contract.pdf of a draft renders a fresh PDF each time
 *    (pdfmake, DejaVu Sans embedded); renders per second (sequential) and p50/p95 per render.
 * 2. A creator with BENCH_DEALS (default 10,000) deals: the first page of the contracts list
 *    (GET /deals, newest first, 20 a page, with its total) p50/p95, against the same query — find
 *    with the same projection, sort and limit, plus the count — through the bare driver.
 *
 * Tunables: BENCH_DEALS, BENCH_DEALS_REQUESTS (per list query, default 30),
 * BENCH_DEALS_RENDERS (default 30). MONGODB_URI: a server to use instead of a local one.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Document, MongoClient } from 'mongodb';
import { DEMO_IDENTITY } from '../scripts/lib/identity-provider.ts';
import {
  apiAgainstDriver,
  compiledExport,
  withMongooseConnection,
  percentile,
  runBench,
  startBenchApi,
  timed,
} from './support.ts';

const DEALS = Number(process.env.BENCH_DEALS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_DEALS_REQUESTS ?? 30);
const RENDERS = Number(process.env.BENCH_DEALS_RENDERS ?? 30);
const DATABASE = 'paylock_bench_deals';
const STATES = ['draft', 'sent', 'accepted', 'accepted', 'declined', 'cancelled', 'completed'];
const DAY_MS = 86_400_000;
const PAGE_SIZE = 20;

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

function terms(index: number): Document {
  return {
    title: `Collaboration ${String(index)}`,
    brief: 'One reel and three stories.',
    campaign: `Campaign ${String(index % 40)}`,
    brand: {
      companyName: `Brand ${String(index % 150)}`,
      contactName: 'Priya Mehta',
      contactEmail: `brand${String(index % 150)}@example.com`,
      contactMobile: '9876543210',
    },
    deliverables: [
      {
        platform: 'instagram',
        kind: 'reel',
        quantity: 1,
        dueDate: dayFromNow(20),
        usageRights: 'Organic',
        usagePeriodDays: 90,
      },
    ],
    milestones: [1, 2, 3].map((n) => ({
      name: `Milestone ${String(n)}`,
      releaseCondition: 'Delivered',
      amountPaise: 2_500_000 * n,
      dueDate: dayFromNow(5 * n),
    })),
    totalPaise: 15_000_000,
  };
}

/** 10,000 deals as the API stores them (see MongoDealRepository). */
async function seed(client: MongoClient, creatorId: string): Promise<void> {
  const deals = client.db().collection('deals');
  await deals.deleteMany({ creatorId });
  // The indexes are the API's own, built before its first write (the draft created above).
  const start = Date.now() - 365 * DAY_MS;
  const BATCH = 1_000;
  for (let first = 0; first < DEALS; first += BATCH) {
    const batch: Document[] = [];
    for (let index = first; index < Math.min(DEALS, first + BATCH); index++) {
      const at = new Date(start + Math.floor((index / DEALS) * 365 * DAY_MS));
      const state = STATES[index % STATES.length] ?? 'draft';
      const body = terms(index);
      batch.push({
        _id: randomUUID(),
        ...body,
        milestones: (body.milestones as Document[]).map((m) => ({
          ...m,
          id: randomUUID(),
          state: 'pending',
        })),
        brandKey: (body.brand as { companyName: string }).companyName.toLowerCase(),
        approvalWindowDays: 7,
        gstApplies: false,
        gstin: null,
        creatorId,
        state,
        version: 1,
        revision: 1,
        createdAt: at,
        updatedAt: at,
        sentAt: state === 'draft' ? null : at,
        // Sent long ago but far from expiry, so the lazy expiry finds nothing to do.
        linkExpiresAt: state === 'draft' ? null : new Date(Date.now() + 30 * DAY_MS),
        history: [
          { at, by: 'creator', actor: creatorId, from: null, to: 'draft', version: 1 },
          ...(state === 'draft'
            ? []
            : [{ at, by: 'creator', actor: creatorId, from: 'draft', to: 'sent', version: 1 }]),
        ],
        contracts: [],
        lastError: null,
      });
    }
    await deals.insertMany(batch, { ordered: false });
  }
}

async function main(): Promise<number> {
  return runBench({ name: 'deals', databaseName: DATABASE }, async (database, onCleanUp) => {
    const { client } = database;
    const { apiUrl, accessToken } = await startBenchApi(database, onCleanUp, DEMO_IDENTITY, {
      MAIL_DELIVERY: 'false',
    });
    const call = async (method: string, pathAndQuery: string, body?: object) => {
      const response = await fetch(`${apiUrl}/api/v1${pathAndQuery}`, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          ...(body && { 'Content-Type': 'application/json' }),
        },
        ...(body && { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${String(response.status)}`);
      return response;
    };

    // 1. Contract PDF renders (a draft's preview is rendered afresh on every request).
    const draft = (await (await call('POST', '/deals', terms(0))).json()) as { id: string };
    let bytes = 0;
    await call('GET', `/deals/${draft.id}/contract.pdf`); // warm: fonts loaded once
    const renderTimes = await timed(RENDERS, async () => {
      bytes = (await (await call('GET', `/deals/${draft.id}/contract.pdf`)).arrayBuffer())
        .byteLength;
    });
    const renderTotal = renderTimes.reduce((sum, ms) => sum + ms, 0);
    console.log(
      `contract PDF (${String(RENDERS)} sequential renders through the API, ${String(bytes)} bytes): ` +
        `${((RENDERS / renderTotal) * 1000).toFixed(1)} renders/s, p50 ${percentile(renderTimes, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(renderTimes, 95).toFixed(1)} ms`,
    );

    // 2. The contracts list of a creator with DEALS deals.
    const user = await client.db().collection('users').findOne({ email: DEMO_IDENTITY.email });
    const creatorId = String(user?._id);
    const seedStarted = performance.now();
    await seed(client, creatorId);
    // The lists read their read model (#38): built from the seeded deals by its bulk path.
    const readModel = 'deals/infrastructure/read-model/';
    const Store = await compiledExport<new (db: unknown) => unknown>(
      `${readModel}deal-lists.follower.js`,
      'DealListsStore',
    );
    const Follower = await compiledExport<new (store: unknown) => unknown>(
      `${readModel}deal-lists.follower.js`,
      'DealListsFollower',
    );
    const rebuild = await compiledExport<(db: unknown, follower: unknown) => Promise<unknown>>(
      `${readModel}rebuild-deal-lists.js`,
      'rebuildDealLists',
    );
    await withMongooseConnection(database.uri, (connection) =>
      rebuild(connection, new Follower(new Store(connection))),
    );
    console.log(
      `seeded ${DEALS.toLocaleString('en')} deals in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const deals = client.db().collection('deals');
    const page = (filter: Document) =>
      Promise.all([
        deals
          .find(filter, { projection: { history: 0 } })
          .sort({ createdAt: -1, _id: -1 })
          .limit(PAGE_SIZE)
          .toArray(),
        deals.countDocuments(filter),
      ]);
    // Every state a deal can be in, as the compiled domain lists them (the "all" view's filter).
    const { DEAL_STATES: allStates } = (await import(
      path.resolve('backend/dist/deals/domain/deal.js')
    )) as { DEAL_STATES: readonly string[] };
    const cases = [
      { name: 'first page, all (/creator/contracts)', api: '/deals', states: allStates },
      { name: 'first page, active', api: '/deals?view=active', states: ['accepted'] },
    ];
    const rows: Record<string, Record<string, string>> = {};
    for (const { name, api: query, states } of cases) {
      await call('GET', query); // warm
      const viaApi = await timed(REQUESTS, async () => (await call('GET', query)).arrayBuffer());
      const viaDriver = await timed(REQUESTS, () => page({ creatorId, state: { $in: states } }));
      rows[name] = apiAgainstDriver(viaApi, viaDriver);
    }
    console.table(rows);
    return 0;
  });
}

process.exitCode = await main();
