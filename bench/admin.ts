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
 * Tunables: BENCH_ADMIN_ENTRIES, BENCH_ADMIN_REQUESTS (per page query, default 20),
 * BENCH_ADMIN_EXPORTS (default 3).
 */
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import getPort from 'get-port';
import { MongoClient, ObjectId, type Document } from 'mongodb';
import { databaseUri, startDatabase } from '../scripts/lib/database.ts';
import { DEMO_ADMIN_IDENTITY, startIdentityProvider } from '../scripts/lib/identity-provider.ts';
import { ROOT, TMP_DIR } from '../scripts/lib/paths.ts';
import { httpAnswers, startProcess, waitUntil } from '../scripts/lib/processes.ts';
import { buildBackend } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ADMIN_ENTRIES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 20);
const EXPORTS = Number(process.env.BENCH_ADMIN_EXPORTS ?? 3);
const DATABASE = 'paylock_bench_admin';
const USER_TYPES = ['influencer', 'brand', 'agency', 'talent_manager'];
const STATUSES = [undefined, 'confirmed', 'awaiting_confirmation', 'invited', 'joined'];
const DAY_MS = 86_400_000;
const PROJECTION = {
  fullName: 1,
  email: 1,
  phone: 1,
  instagramHandle: 1,
  userType: 1,
  consentedAt: 1,
  status: 1,
  seat: 1,
  confirmedAt: 1,
  history: 1,
};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations;
}

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

async function rssMegabytes(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

async function main(): Promise<number> {
  if (!(await buildBackend())) return 1;
  const database = await startDatabase({
    dataDir: path.join(TMP_DIR, 'bench-admin-database'),
    ephemeral: true,
  });
  const provider = await startIdentityProvider();
  const uri = databaseUri(database.uri, DATABASE);
  const port = await getPort({ host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${String(port)}`;
  let api: ReturnType<typeof startProcess> | undefined;
  const client = await new MongoClient(uri).connect();
  try {
    const seedStarted = performance.now();
    await seed(uri);
    console.log(
      `seeded ${ENTRIES.toLocaleString('en')} entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    api = startProcess('api', process.execPath, ['backend/dist/main.js'], {
      env: {
        ...process.env,
        ...provider.backendEnv,
        NODE_ENV: 'production' === process.env.NODE_ENV ? 'production' : 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        MONGODB_URI: uri,
        PUBLIC_URL: apiUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        // One access token for the whole run, however slow the database makes it.
        ACCESS_TOKEN_TTL_SECONDS: '86400',
        ADMIN_EMAILS: DEMO_ADMIN_IDENTITY.email,
        ADMIN_EXPORTS_PER_MINUTE: '1000',
      },
    });
    await waitUntil('The API', () => httpAnswers(`${apiUrl}/api/v1/health`), 60_000);
    provider.setNextIdentity(DEMO_ADMIN_IDENTITY);
    const signUp = await fetch(`${apiUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ credential: await provider.issueIdToken() }),
    });
    const { accessToken } = (await signUp.json()) as { accessToken: string };
    const get = async (pathAndQuery: string) => {
      const response = await fetch(`${apiUrl}/api/v1/admin${pathAndQuery}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${String(response.status)}`);
      return response;
    };
    const entries = client.db().collection('waitlist_entries');
    const page = (filter: Document, sort: Document) =>
      Promise.all([
        entries.find(filter, { projection: PROJECTION }).sort(sort).limit(25).toArray(),
        entries.countDocuments(filter),
      ]);
    const search = (text: string): Document => ({
      $or: [
        { fullName: { $regex: text, $options: 'i' } },
        { email: { $regex: text } },
        { instagramHandle: { $regex: text, $options: 'i' } },
      ],
    });
    const cases: { name: string; api: string; driver: () => Promise<unknown> }[] = [
      {
        name: 'first page',
        api: '/waitlist',
        driver: () => page({}, { consentedAt: -1, _id: -1 }),
      },
      {
        name: 'filtered page (confirmed brands by seat)',
        api: '/waitlist?status=confirmed&userType=brand&sort=seat',
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
        api: '/waitlist?q=creator_4242',
        driver: () => page(search('creator_4242'), { consentedAt: -1, _id: -1 }),
      },
    ];
    const rows: Record<string, Record<string, number | string>> = {};
    for (const { name, api: query, driver } of cases) {
      await get(query); // warm
      const viaApi = await timed(REQUESTS, async () => (await get(query)).arrayBuffer());
      const viaDriver = await timed(REQUESTS, driver);
      rows[name] = {
        'API p50 ms': percentile(viaApi, 50).toFixed(1),
        'API p95 ms': percentile(viaApi, 95).toFixed(1),
        'driver p50 ms': percentile(viaDriver, 50).toFixed(1),
        'driver p95 ms': percentile(viaDriver, 95).toFixed(1),
      };
      console.log(`${name}: ${JSON.stringify(rows[name])}`);
    }

    // The full export, streamed; memory sampled while it runs.
    const memory: number[] = [await rssMegabytes(api.child.pid)];
    const sampler = setInterval(() => {
      void rssMegabytes(api?.child.pid).then((mb) => memory.push(mb));
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
        .find({}, { projection: PROJECTION })
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
    console.log(
      `database: ${database.description}; load average at the end: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} (${String(os.cpus().length)} CPUs)`,
    );
    return exportedRows === ENTRIES ? 0 : 1;
  } finally {
    await client.close();
    await api?.stop();
    await provider.stop();
    await database.stop();
  }
}

process.chdir(ROOT);
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
process.exitCode = await main();
