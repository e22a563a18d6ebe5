/**
 * `npm run bench:insights` (#40): the creator's analytics and insights when the creator has
 * BENCH_INSIGHTS_DEALS (default 1,000) deals of 3 milestones each, in every milestone state, among
 * BENCH_INSIGHTS_OTHER_DEALS (default 2,000) deals of 50 other creators (of the same brands):
 *
 * - GET /api/v1/insights/analytics for this financial year, and for a custom 5-year range;
 * - GET /api/v1/insights (the sentences and what's coming) for the last 3 months;
 *
 * each p50/p95 over BENCH_INSIGHTS_REQUESTS (default 20) after one warm-up, beside the bare driver
 * in the same run computing the same figures from the raw `deals` collection (the creator's deals
 * read with their history, then the compiled domain's functions). The deals are seeded with the
 * bare driver; the insights' read model is then built by `npm run read-models:rebuild -- insights`
 * (its duration is printed). MONGODB_URI is not used: a database of its own is started and dropped.
 */
import { spawn } from 'node:child_process';
import type { Document } from 'mongodb';
import { DEMO_IDENTITY } from '../scripts/lib/identity-provider.ts';
import { apiAgainstDriver, compiledExport, runBench, startBenchApi, timed } from './support.ts';

const MINE = Number(process.env.BENCH_INSIGHTS_DEALS ?? 1_000);
const OTHERS = Number(process.env.BENCH_INSIGHTS_OTHER_DEALS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_INSIGHTS_REQUESTS ?? 20);
const DATABASE = 'paylock_bench_insights';
const DAY = 86_400_000;
const BRANDS = ['Glow Naturals', 'Kavya Foods', 'Zest', 'Mamaearth', 'boAt', 'Nykaa', 'Lenskart'];
const STATES = [
  'pending',
  'funded',
  'submitted',
  'changes_requested',
  'approved',
  'released',
  'settled',
  'disputed',
  'refunded',
] as const;
type State = (typeof STATES)[number];
const ORDER: readonly State[] = ['funded', 'submitted', 'approved', 'released', 'settled'];

/** A milestone in `state`, with its stamps and history entries, moved from `accepted` on. */
function milestone(id: string, state: State, accepted: number, index: number) {
  const funded = accepted + (index % 21) * DAY;
  const submitted = funded + 2 * DAY;
  const reached = (step: State) =>
    ORDER.indexOf(step) <= ORDER.indexOf(state) && ORDER.includes(state);
  const move = (at: number, by: string, action: string, from: string, to: string) => ({
    at: new Date(at),
    by,
    actor: by,
    from: 'accepted',
    to: 'accepted',
    version: 1,
    milestone: { id, action, from, to },
  });
  const history = [];
  const fundedAt = state !== 'pending' ? new Date(funded) : null;
  if (fundedAt) history.push(move(funded, 'system', 'fund', 'pending', 'funded'));
  const wasSubmitted = reached('submitted') || state === 'changes_requested';
  if (wasSubmitted) history.push(move(submitted, 'creator', 'submit', 'funded', 'submitted'));
  if (state === 'changes_requested')
    history.push(
      move(submitted + DAY, 'brand', 'request_changes', 'submitted', 'changes_requested'),
    );
  if (reached('approved'))
    history.push(
      move(submitted + DAY, index % 3 ? 'brand' : 'system', 'approve', 'submitted', 'approved'),
    );
  return {
    milestone: {
      id,
      name: `Milestone ${id}`,
      releaseCondition: 'Live',
      amountPaise: 10_000_00 + (index % 50) * 1_000_00,
      dueDate: new Date(funded + 10 * DAY).toISOString().slice(0, 10),
      state,
      fundedAt,
      submission: wasSubmitted ? { links: [], note: '', at: new Date(submitted) } : null,
      revisionsUsed: state === 'changes_requested' ? 1 : 0,
      approvalDueAt: state === 'submitted' ? new Date(submitted + 7 * DAY) : null,
      approvedAt: reached('approved') ? new Date(submitted + DAY) : null,
      releasedAt: reached('released') ? new Date(submitted + 2 * DAY) : null,
      settledAt: reached('settled') ? new Date(submitted + 4 * DAY) : null,
      refundedAt: state === 'refunded' ? new Date(funded + 5 * DAY) : null,
      dispute:
        state === 'disputed'
          ? {
              id: `dispute-${id}`,
              openedBy: 'creator',
              reason: 'Late',
              at: new Date(funded + 3 * DAY),
              frozenFrom: 'funded',
              resolution: null,
            }
          : null,
      funding: null,
    },
    history,
  };
}

/** A deal as the deals' collection stores it, accepted up to 4 years ago. */
function deal(creatorId: string, index: number, now: number): Document {
  const accepted = now - (30 + (index % 1_400)) * DAY;
  const brand = BRANDS[index % BRANDS.length] ?? 'Glow Naturals';
  const moved = [0, 1, 2].map((m) =>
    milestone(
      `${creatorId}-${String(index)}-${String(m)}`,
      STATES[(index * 3 + m) % 9] ?? 'pending',
      accepted,
      index + m,
    ),
  );
  return {
    _id: `bench-${creatorId}-${String(index)}`,
    creatorId,
    state: 'accepted',
    version: 1,
    revision: 3,
    title: `Deal ${String(index)}`,
    brief: '',
    campaign: null,
    brand: {
      companyName: brand,
      contactName: 'Priya',
      contactEmail: 'priya@example.in',
      contactMobile: '9876543210',
    },
    brandKey: brand.toLowerCase(),
    deliverables: [],
    milestones: moved.map(({ milestone: m }) => m),
    totalPaise: moved.reduce((sum, { milestone: m }) => sum + m.amountPaise, 0),
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: new Date(accepted - 2 * DAY),
    updatedAt: new Date(now),
    sentAt: new Date(accepted - DAY),
    linkExpiresAt: null,
    history: [
      {
        at: new Date(accepted),
        by: 'brand',
        actor: 'brand',
        from: 'sent',
        to: 'accepted',
        version: 1,
      },
      ...moved.flatMap(({ history }) => history),
    ],
    contracts: [],
    lastError: null,
  };
}

function rebuild(uri: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['backend/dist/insights/infrastructure/insights.cli.js', 'rebuild'],
      {
        env: { ...process.env, MONGODB_URI: uri },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`the rebuild exited with ${String(code)}`));
    });
  });
}

type Facts = unknown;

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * The API's figures (from the read model's month buckets) against the bare driver's (from the
 * deals), once per case, before timing: a bench of wrong figures would measure nothing.
 */
async function sameFigures(
  cases: readonly { name: string; api: () => Promise<unknown>; driver: () => Promise<unknown> }[],
): Promise<void> {
  for (const { name, api, driver } of cases) {
    const [fromApi, fromDriver] = [plain(await api()), plain(await driver())];
    const [expected, actual] = Array.isArray(fromDriver)
      ? [
          fromDriver,
          [(fromApi as { insights: unknown }).insights, (fromApi as { coming: unknown }).coming],
        ]
      : [
          [
            (fromDriver as Record<string, unknown>).overall,
            (fromDriver as Record<string, unknown>).brands,
          ],
          [
            (fromApi as Record<string, unknown>).overall,
            (fromApi as Record<string, unknown>).brands,
          ],
        ];
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new Error(`${name}: the API's figures differ from the bare driver's`);
    console.log(`${name}: the API's figures equal the bare driver's`);
  }
}
type DealOf = (document: Document) => unknown;

async function main(): Promise<number> {
  return runBench({ name: 'insights', databaseName: DATABASE }, async (database, onCleanUp) => {
    const { client } = database;
    const { apiUrl, accessToken } = await startBenchApi(database, onCleanUp, DEMO_IDENTITY, {
      MAIL_DELIVERY: 'false',
    });
    const call = async (pathAndQuery: string) => {
      const response = await fetch(`${apiUrl}/api/v1${pathAndQuery}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${String(response.status)}`);
      return response.json();
    };
    const user = await client.db().collection('users').findOne({ email: DEMO_IDENTITY.email });
    const creatorId = String(user?._id);
    const now = Date.now();
    const deals = client.db().collection('deals');
    const seedStarted = performance.now();
    const documents = [
      ...Array.from({ length: MINE }, (_, index) => deal(creatorId, index, now)),
      ...Array.from({ length: OTHERS }, (_, index) =>
        deal(`other-${String(index % 50).padStart(2, '0')}`, MINE + index, now),
      ),
    ];
    for (let from = 0; from < documents.length; from += 500)
      await deals.insertMany(documents.slice(from, from + 500), { ordered: false });
    console.log(
      `seeded ${String(MINE)} deals × 3 milestones of the bench creator and ${String(OTHERS)} of 50 others in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const rebuildStarted = performance.now();
    await rebuild(database.uri);
    console.log(
      `the insights read model was rebuilt from them in ${((performance.now() - rebuildStarted) / 1000).toFixed(1)} s`,
    );

    const dealFactsOf = await compiledExport<(deal: unknown) => Facts>(
      'insights/domain/deal-facts.js',
      'dealFactsOf',
    );
    const dealOfDocument = await compiledExport<DealOf>(
      'insights/infrastructure/deal-history-follower.js',
      'dealOfDocument',
    );
    const analyticsOf = await compiledExport<(...args: unknown[]) => unknown>(
      'insights/domain/figures.js',
      'analyticsOf',
    );
    const insightsOf = await compiledExport<(...args: unknown[]) => unknown>(
      'insights/domain/insights.js',
      'insightsOf',
    );
    const comingOf = await compiledExport<(...args: unknown[]) => unknown>(
      'insights/domain/insights.js',
      'comingOf',
    );
    const presetPeriod = await compiledExport<
      (preset: string, now: Date) => { from: Date; to: Date }
    >('insights/domain/india-time.js', 'presetPeriod');
    const previousPeriod = await compiledExport<(period: unknown, preset: string) => unknown>(
      'insights/domain/india-time.js',
      'previousPeriod',
    );
    const customPeriod = await compiledExport<(from: string, to: string, now: Date) => unknown>(
      'insights/domain/india-time.js',
      'customPeriod',
    );
    const rawFacts = async () =>
      (await deals.find({ creatorId }).toArray()).map((document) =>
        dealFactsOf(dealOfDocument(document)),
      );
    const bareAnalytics = async (preset: string) => {
      const at = new Date();
      const period = presetPeriod(preset, at);
      return analyticsOf(await rawFacts(), period, previousPeriod(period, preset), at);
    };
    const fiveYearsAgo = new Date(now - (5 * 365 - 5) * DAY).toISOString().slice(0, 10);
    const today = new Date(now).toISOString().slice(0, 10);
    const cases = [
      {
        name: 'analytics: this financial year',
        api: () => call('/insights/analytics?period=this_financial_year'),
        driver: () => bareAnalytics('this_financial_year'),
      },
      {
        name: 'analytics: custom, 5 years',
        api: () => call(`/insights/analytics?period=custom&from=${fiveYearsAgo}&to=${today}`),
        driver: async () => {
          const at = new Date();
          const period = customPeriod(fiveYearsAgo, today, at);
          return analyticsOf(await rawFacts(), period, previousPeriod(period, 'custom'), at);
        },
      },
      {
        name: "insights + what's coming: last 3 months",
        api: () => call('/insights?period=last_3_months'),
        driver: async () => {
          const at = new Date();
          const facts = await rawFacts();
          return [insightsOf(facts, presetPeriod('last_3_months', at), at), comingOf(facts, at)];
        },
      },
    ];
    const check = (await call(
      '/insights/analytics?period=custom&from=' + fiveYearsAgo + '&to=' + today,
    )) as {
      brands: unknown[];
    };
    console.log(`the API sees ${String(check.brands.length)} brands of the bench creator`);
    await sameFigures(cases);
    const rows: Record<string, Record<string, string>> = {};
    for (const { name, api, driver } of cases) {
      await api(); // warm
      const viaApi = await timed(REQUESTS, api);
      const viaDriver = await timed(REQUESTS, driver);
      rows[name] = apiAgainstDriver(viaApi, viaDriver);
    }
    console.table(rows);
    return 0;
  });
}

process.exitCode = await main();
