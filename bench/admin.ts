/**
 * `npm run bench:admin`: the back-office's queries on 100,000 waitlist entries, each against the
 * same query run through the bare MongoDB driver in the same run.
 *
 * Seeds BENCH_ADMIN_ENTRIES (default 100,000) entries (a mix of statuses, user types, legacy
 * entries without status), starts the compiled API with an admin signed in through the local
 * identity provider, then measures, one request at a time: the table's first page, a filtered
 * page, a search, and the full CSV export (p50/p95 per request; rows per second for the export;
 * the API process's resident memory sampled every 50 ms during the exports).
 *
 * Since issue #38 the table's unfiltered pages and the overview's counts read a read model
 * (waitlist/infrastructure/persistence/mongo/read-model/), built after seeding through its bulk
 * path (the compiled `rebuildWaitlistLists`, timed); the driver column is the read they replace.
 * Filtered pages and searches still query the entries (a scan on FerretDB): fewer requests.
 *
 * Tunables: BENCH_ADMIN_ENTRIES, BENCH_ADMIN_REQUESTS (per read-model query, default 20),
 * BENCH_ADMIN_SCAN_REQUESTS (per query that scans, API and driver alike, default 5),
 * BENCH_ADMIN_EXPORTS (default 3).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { MongoClient, ObjectId, type Document } from 'mongodb';
import { DEMO_ADMIN_IDENTITY } from '../scripts/lib/identity-provider.ts';
import { ROOT } from '../scripts/lib/paths.ts';
import {
  apiAgainstDriver,
  compiledExport,
  withMongooseConnection,
  percentile,
  runBench,
  startBenchApi,
  timed,
} from './support.ts';

const ENTRIES = Number(process.env.BENCH_ADMIN_ENTRIES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 20);
const SCAN_REQUESTS = Number(process.env.BENCH_ADMIN_SCAN_REQUESTS ?? 5);
const EXPORTS = Number(process.env.BENCH_ADMIN_EXPORTS ?? 3);
const DATABASE = 'paylock_bench_admin';
const USER_TYPES = ['influencer', 'brand', 'agency', 'talent_manager'];
const STATUSES = [undefined, 'confirmed', 'awaiting_confirmation', 'invited', 'joined'];
const DAY_MS = 86_400_000;

async function seed(uri: string): Promise<void> {
  const client = await new MongoClient(uri).connect();
  try {
    const entries = client.db().collection('waitlist_entries');
    await entries.drop().catch(() => undefined);
    await entries.createIndexes([
      { key: { phone: 1 }, name: 'phone_unique', unique: true },
      { key: { email: 1 }, name: 'email_unique', unique: true },
    ]);
    const start = Date.now() - 60 * DAY_MS;
    const BATCH = 5_000;
    for (let first = 0; first < ENTRIES; first += BATCH) {
      const batch: Document[] = [];
      for (let index = first; index < Math.min(ENTRIES, first + BATCH); index++) {
        const status = STATUSES[index % STATUSES.length];
        const at = new Date(start + Math.floor((index / ENTRIES) * 60 * DAY_MS));
        batch.push({
          _id: new ObjectId(),
          fullName: `Creator ${index}`,
          email: `creator${index}@example.com`,
          phone: `9${String(index).padStart(9, '0')}`,
          phoneE164: `+919${String(index).padStart(9, '0')}`,
          instagramHandle: `creator_${index}`,
          userType: USER_TYPES[index % USER_TYPES.length],
          privacyNoticeVersion: '2026-11-01',
          consentedAt: at,
          ...(status && { status, createdAt: at, history: [{ at, event: 'submitted' }] }),
          ...(status !== 'awaiting_confirmation' && { seat: index + 1 }),
        });
      }
      await entries.insertMany(batch, { ordered: false });
    }
  } finally {
    await client.close();
  }
}

type Rebuild = (follower: unknown) => Promise<Record<string, unknown>>;
type FollowerClass = new (store: unknown) => unknown;
type StoreClass = new (connection: unknown) => unknown;

/** The read model built through its bulk path, as `read-models:rebuild -- waitlist` does. */
async function buildReadModel(uri: string): Promise<void> {
  const module = 'waitlist/infrastructure/persistence/mongo/read-model/';
  const rebuild = await compiledExport<Rebuild>(
    `${module}rebuild-waitlist-lists.js`,
    'rebuildWaitlistLists',
  );
  const Follower = await compiledExport<FollowerClass>(
    `${module}waitlist-lists.js`,
    'WaitlistListsFollower',
  );
  const Store = await compiledExport<StoreClass>(
    `${module}waitlist-lists.js`,
    'WaitlistListsStore',
  );
  const started = performance.now();
  const report = await withMongooseConnection(uri, (connection) =>
    rebuild(new Follower(new Store(connection))),
  );
  console.log(
    `read model built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(report)}`,
  );
}

async function rssMegabytes(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

async function main(): Promise<number> {
  // The seed drops and refills its collection; the database is thrown away with its server.
  const bench = { name: 'admin', databaseName: DATABASE, keep: true };
  return runBench(bench, async (database, onCleanUp) => {
    const { client, uri } = database;
    const seedStarted = performance.now();
    await seed(uri);
    console.log(
      `seeded ${ENTRIES.toLocaleString('en')} entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    await buildReadModel(uri);
    const { apiUrl, accessToken, pid } = await startBenchApi(
      database,
      onCleanUp,
      DEMO_ADMIN_IDENTITY,
      {
        NODE_ENV: 'production' === process.env.NODE_ENV ? 'production' : 'test',
        ADMIN_EMAILS: DEMO_ADMIN_IDENTITY.email,
        ADMIN_EXPORTS_PER_MINUTE: '1000',
      },
    );
    const get = async (pathAndQuery: string) => {
      const response = await fetch(`${apiUrl}/api/v1/admin${pathAndQuery}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${String(response.status)}`);
      return response;
    };
    // The fields the API's directory reads, as the compiled backend lists them.
    const projection = await compiledExport<Document>(
      'waitlist/infrastructure/persistence/mongo/waitlist-directory.mapper.js',
      'DIRECTORY_PROJECTION',
    );
    const entries = client.db().collection('waitlist_entries');
    const page = (filter: Document, sort: Document) =>
      Promise.all([
        entries.find(filter, { projection }).sort(sort).limit(25).toArray(),
        entries.countDocuments(filter),
      ]);
    const search = (text: string): Document => ({
      $or: [
        { fullName: { $regex: text, $options: 'i' } },
        { email: { $regex: text } },
        { instagramHandle: { $regex: text, $options: 'i' } },
      ],
    });
    // The overview's counts as the directory made them before #38: two groupings and a range.
    const since = new Date(Date.now() - 29 * DAY_MS);
    const counts = () =>
      Promise.all([
        entries
          .aggregate([
            { $match: { trapped: { $ne: true } } },
            { $group: { _id: '$status', n: { $sum: 1 } } },
          ])
          .toArray(),
        entries
          .aggregate([
            { $match: { trapped: { $ne: true } } },
            { $group: { _id: '$userType', n: { $sum: 1 } } },
          ])
          .toArray(),
        entries
          .find({ consentedAt: { $gte: since } }, { projection: { _id: 0, consentedAt: 1 } })
          .toArray(),
      ]);
    const cases: {
      name: string;
      api: string[];
      driver: () => Promise<unknown>;
      requests: number;
    }[] = [
      {
        name: 'first page + counts (table, overview)',
        api: ['/waitlist', '/waitlist/overview'],
        driver: () => Promise.all([page({}, { consentedAt: -1, _id: -1 }), counts()]),
        requests: REQUESTS,
      },
      {
        name: 'first page',
        api: ['/waitlist'],
        driver: () => page({}, { consentedAt: -1, _id: -1 }),
        requests: REQUESTS,
      },
      {
        name: 'page 200 by name',
        api: ['/waitlist?sort=name&page=200'],
        driver: () =>
          Promise.all([
            entries
              .find({}, { projection })
              .sort({ fullName: 1, _id: 1 })
              .skip(199 * 25)
              .limit(25)
              .toArray(),
            entries.countDocuments({}),
          ]),
        requests: REQUESTS,
      },
      {
        name: 'overview (counts)',
        api: ['/waitlist/overview'],
        driver: counts,
        requests: REQUESTS,
      },
      {
        name: 'filtered page (confirmed brands by seat)',
        api: ['/waitlist?status=confirmed&userType=brand&sort=seat'],
        requests: SCAN_REQUESTS,
        driver: () =>
          page(
            {
              $and: [
                { $or: [{ status: { $in: ['confirmed'] } }, { status: { $exists: false } }] },
                { userType: { $in: ['brand'] } },
              ],
            },
            { seat: 1, _id: 1 },
          ),
      },
      {
        name: 'search (creator_4242)',
        api: ['/waitlist?q=creator_4242'],
        requests: SCAN_REQUESTS,
        driver: () => page(search('creator_4242'), { consentedAt: -1, _id: -1 }),
      },
    ];
    const rows: Record<string, Record<string, number | string>> = {};
    const viaApiOnce = async (paths: readonly string[]) => {
      for (const path of paths) await (await get(path)).arrayBuffer();
    };
    for (const { name, api: paths, driver, requests } of cases) {
      await viaApiOnce(paths); // warm
      const viaApi = await timed(requests, () => viaApiOnce(paths));
      const viaDriver = await timed(Math.min(requests, SCAN_REQUESTS), driver);
      rows[name] = apiAgainstDriver(viaApi, viaDriver);
      console.log(`${name}: ${JSON.stringify(rows[name])}`);
    }

    // The full export, streamed; memory sampled while it runs.
    const memory: number[] = [await rssMegabytes(pid)];
    const sampler = setInterval(() => {
      void rssMegabytes(pid).then((mb) => memory.push(mb));
    }, 50);
    let exportedRows = 0;
    console.log(`the full export, ${String(EXPORTS)} time(s) through the API…`);
    const exportTimes = await timed(EXPORTS, async () => {
      const text = await (await get('/waitlist/export')).text();
      exportedRows = text.trimEnd().split('\n').length - 1;
    });
    clearInterval(sampler);
    const driverExportTimes = await timed(EXPORTS, async () => {
      let count = 0;
      const cursor = entries
        .find({}, { projection })
        .sort({ consentedAt: -1, _id: -1 })
        .batchSize(1000)
        .map(() => 1);
      for await (const one of cursor) count += one;
      if (count !== ENTRIES) throw new Error(`driver read ${String(count)} rows`);
    });
    const exportMs = percentile(exportTimes, 50);
    const driverMs = percentile(driverExportTimes, 50);
    rows['full CSV export'] = {
      'API p50 ms': exportMs.toFixed(0),
      'API p95 ms': percentile(exportTimes, 95).toFixed(0),
      'driver p50 ms': driverMs.toFixed(0),
      'driver p95 ms': percentile(driverExportTimes, 95).toFixed(0),
    };
    console.table(rows);
    console.log(
      `export: ${String(exportedRows)} rows; API ${Math.round((exportedRows / exportMs) * 1000).toLocaleString('en')} rows/s, ` +
        `bare driver cursor ${Math.round((ENTRIES / driverMs) * 1000).toLocaleString('en')} rows/s`,
    );
    const finite = memory.filter(Number.isFinite);
    console.log(
      `API resident memory during the exports: start ${finite[0]?.toFixed(0) ?? '?'} MB, ` +
        `min ${Math.min(...finite).toFixed(0)} MB, max ${Math.max(...finite).toFixed(0)} MB ` +
        `(${String(finite.length)} samples)`,
    );
    return exportedRows === ENTRIES ? 0 : 1;
  });
}

process.chdir(ROOT);
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
process.exitCode = await main();
