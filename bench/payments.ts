/**
 * `npm run bench:payments`: the two money paths that grow, each beside a bare-driver baseline in
 * the same run.
 *
 * 1. Webhooks: BENCH_WEBHOOKS (default 5,000) signed events (`payment.captured`), BENCH_WEBHOOK_
 *    CONCURRENCY (default 10) at a time, through the backend's compiled `ProcessWebhook` — the
 *    HMAC-SHA256 signature checked on the raw body in constant time, the event parsed, stored once
 *    by its id in `payment_webhook_events`, the order it names looked up among the payment
 *    intents — against the same work through the bare driver (HMAC + parse + the same insert and
 *    the same lookup). Events processed per second and p50/p99 per event.
 * 2. Balances: a creator with BENCH_LEDGER_LINES (default 1,000,000) ledger lines (funded,
 *    released and settled transactions in turn). Once: every line aggregated through the bare
 *    driver, and the creator's checkpoint rebuilt from every line by the compiled `MongoLedger`.
 *    Then BENCH_LEDGER_TAIL (default 1,000) more transactions, and the creator's balances through
 *    `MongoLedger.balancesOf` (the checkpoint plus the lines after it), BENCH_BALANCE_RUNS
 *    (default 30) times, p50/p95, against the same reads through the bare driver.
 *
 * In-process (the HTTP layer and the gateway adapter are measured by the other benches); the
 * database is MONGODB_URI when set, else a local one as `npm start` would start.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db, Document } from 'mongodb';
import { compiledExport, percentile, runBench } from './support.ts';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 10);
const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);
const BALANCE_RUNS = Number(process.env.BENCH_BALANCE_RUNS ?? 30);
const TAIL = Number(process.env.BENCH_LEDGER_TAIL ?? 1_000);
const DATABASE = 'paylock_bench_payments';
const SECRET = 'bench-webhook-secret';
const CREATOR = 'bench-creator';

interface Webhook {
  readonly id: string;
  readonly body: Buffer;
  readonly signature: string;
}

function webhooks(count: number): Webhook[] {
  return Array.from({ length: count }, () => {
    const body = Buffer.from(
      JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        created_at: 1_764_000_000,
        payload: {
          payment: {
            entity: {
              id: `pay_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
              order_id: `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
              amount: 2_500_000,
              currency: 'INR',
              status: 'captured',
            },
          },
        },
      }),
    );
    return {
      id: `evt_${randomUUID()}`,
      body,
      signature: createHmac('sha256', SECRET).update(body).digest('hex'),
    };
  });
}

/** The signature check the gateway adapter does: HMAC-SHA256 of the raw body, constant time. */
function verify(body: Buffer, signature: string, id: string) {
  const expected = Buffer.from(createHmac('sha256', SECRET).update(body).digest('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const parsed = JSON.parse(body.toString('utf8')) as {
    event: string;
    created_at: number;
    payload: Record<string, unknown>;
  };
  return {
    id,
    type: parsed.event,
    createdAt: new Date(parsed.created_at * 1000),
    payload: parsed.payload,
  };
}

/** Runs `work` over `items`, `concurrency` at a time; the duration of each, and the total. */
async function measure<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<{ durations: number[]; totalMs: number }> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const item = items[next++];
        if (item === undefined) return;
        const begun = performance.now();
        await work(item);
        durations.push(performance.now() - begun);
      }
    }),
  );
  return { durations, totalMs: performance.now() - started };
}

/** What the adapters use of a Mongoose connection, over the bare driver's database. */
function connectionOver(db: Db): unknown {
  return {
    collection: (name: string) => db.collection(name),
    createCollection: (name: string) => db.createCollection(name),
  };
}

type Constructor<T> = new (...args: unknown[]) => T;

/** What the bench calls of the compiled backend's classes. */
interface IntentsPort {
  open(intent: Record<string, unknown>): Promise<unknown>;
}
interface ProcessWebhookPort {
  execute(body: Buffer, signature: string, id: string): Promise<string>;
}
interface LedgerPort {
  record(transaction: Record<string, unknown>): Promise<unknown>;
  balancesOf(creatorId: string): Promise<unknown>;
  rebuildCheckpoint(creatorId: string, now: Date): Promise<boolean>;
}

async function seedLedger(db: Db): Promise<void> {
  const ledger = db.collection('ledger_transactions');
  const BATCH = 5_000;
  const transactions = Math.ceil(LINES / 2);
  const at = Date.now() - 365 * 86_400_000;
  for (let first = 0; first < transactions; first += BATCH) {
    const batch: Document[] = [];
    for (let index = first; index < Math.min(transactions, first + BATCH); index++) {
      const step = index % 3;
      const deal = `deal-${String(Math.floor(index / 3))}`;
      const [from, to, kind] =
        step === 0
          ? [`brand:${deal}:paid`, `creator:${CREATOR}:held`, 'funded']
          : step === 1
            ? [`creator:${CREATOR}:held`, `creator:${CREATOR}:releasing`, 'released']
            : [`creator:${CREATOR}:releasing`, `creator:${CREATOR}:paid_out`, 'settled'];
      batch.push({
        _id: index.toString(16).padStart(24, '0'),
        eventKey: `${kind}:${deal}:m`,
        kind,
        creatorId: CREATOR,
        dealId: deal,
        milestoneId: 'm',
        at: new Date(at + index * 1_000),
        lines: [
          { account: from, amountPaise: -250_000 },
          { account: to, amountPaise: 250_000 },
        ],
        accounts: [from, to],
      });
    }
    await ledger.insertMany(batch, { ordered: false });
  }
}

async function main(): Promise<number> {
  return runBench({ name: 'payments', databaseName: DATABASE }, async ({ client }) => {
    const db = client.db();
    const connection = connectionOver(db);
    const Inbox = await compiledExport<Constructor<object>>(
      'payments/infrastructure/mongo-webhook-inbox.js',
      'MongoWebhookInbox',
    );
    const Intents = await compiledExport<Constructor<IntentsPort>>(
      'payments/infrastructure/mongo-payment-intents.js',
      'MongoPaymentIntents',
    );
    const Process = await compiledExport<Constructor<ProcessWebhookPort>>(
      'payments/application/process-webhook.use-case.js',
      'ProcessWebhook',
    );
    const Ledger = await compiledExport<Constructor<LedgerPort>>(
      'ledger/infrastructure/mongo-ledger.js',
      'MongoLedger',
    );
    const inbox = new Inbox(connection);
    const intents = new Intents(connection);
    // Indexes first, as the API builds them before its first write.
    await intents.open({
      id: 'warm',
      kind: 'fund',
      dealId: 'd',
      milestoneId: 'm',
      creatorId: CREATOR,
      amountPaise: 1,
      feePaise: 0,
      createdAt: new Date(),
      nextAttemptAt: new Date(),
    });
    const gateway = { verifyWebhook: verify };
    const engine = { drive: () => Promise.resolve('done'), syncTransfer: () => Promise.resolve() };
    const clock = { now: () => new Date() };
    const processWebhook = new Process(gateway, inbox, intents, engine, clock);

    // 1. Webhooks.
    const baselineEvents = db.collection<{ _id: string }>('bench_baseline_events');
    const baselineIntents = db.collection('payment_intents');
    const [warm] = webhooks(1);
    if (warm) await processWebhook.execute(warm.body, warm.signature, warm.id);
    const rows: Record<string, Record<string, string>> = {};
    for (const round of ['baseline', 'api', 'baseline', 'api'] as const) {
      const events = webhooks(WEBHOOKS);
      const { durations, totalMs } =
        round === 'api'
          ? await measure(events, CONCURRENCY, (hook) =>
              processWebhook.execute(hook.body, hook.signature, hook.id),
            )
          : await measure(events, CONCURRENCY, async (hook) => {
              const event = verify(hook.body, hook.signature, hook.id);
              if (!event) throw new Error('bad signature');
              await baselineEvents.insertOne({
                _id: event.id,
                type: event.type,
                createdAt: event.createdAt,
                payload: event.payload,
                receivedAt: new Date(),
                processedAt: null,
              } as never);
              const payment = (event.payload.payment as { entity: { order_id: string } }).entity;
              await baselineIntents.findOne({ orderId: payment.order_id, kind: 'fund' });
              await baselineEvents.updateOne(
                { _id: event.id, processedAt: null },
                {
                  $set: { processedAt: new Date() },
                },
              );
            });
      rows[`${round} (round ${String(Object.keys(rows).length + 1)})`] = {
        'events/s': ((events.length / totalMs) * 1000).toFixed(0),
        'p50 ms': percentile(durations, 50).toFixed(1),
        'p99 ms': percentile(durations, 99).toFixed(1),
      };
    }
    console.log(
      `webhooks: ${String(WEBHOOKS)} signed events per round, ${String(CONCURRENCY)} at a time`,
    );
    console.table(rows);

    // 2. A creator's balances from LINES ledger lines.
    const seedStarted = performance.now();
    const ledger = new Ledger(connection);
    await ledger.record({
      eventKey: 'warm',
      kind: 'funded',
      creatorId: 'someone-else',
      dealId: 'd',
      milestoneId: 'm',
      at: new Date(),
      lines: [
        { account: 'brand:d:paid', amountPaise: -1 },
        { account: 'creator:someone-else:held', amountPaise: 1 },
      ],
    });
    await seedLedger(db);
    console.log(
      `seeded ${LINES.toLocaleString('en')} ledger lines in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const accounts = ['held', 'releasing', 'paid_out'].map((kind) => `creator:${CREATOR}:${kind}`);
    const pipeline = (match: Document): Document[] => [
      { $match: { creatorId: CREATOR, ...match } },
      { $unwind: '$lines' },
      { $match: { 'lines.account': { $in: accounts } } },
      { $group: { _id: '$lines.account', totalPaise: { $sum: '$lines.amountPaise' } } },
    ];
    const transactions = db.collection('ledger_transactions');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

    // Every line, once each way: the bare driver's aggregation, then MongoLedger rebuilding the
    // creator's checkpoint from every line (the reconciliation's work).
    let started = performance.now();
    await transactions.aggregate(pipeline({})).toArray();
    const fullDriver = performance.now() - started;
    started = performance.now();
    await ledger.rebuildCheckpoint(CREATOR, new Date());
    const fullRebuild = performance.now() - started;
    console.log(
      `all ${LINES.toLocaleString('en')} lines aggregated: bare driver ${seconds(fullDriver)}, ` +
        `MongoLedger.rebuildCheckpoint ${seconds(fullRebuild)}`,
    );

    // The lines since the checkpoint: TAIL fresh transactions through the ledger's writer.
    for (let index = 0; index < TAIL; index++) {
      await ledger.record({
        eventKey: `tail:${String(index)}`,
        kind: 'funded',
        creatorId: CREATOR,
        dealId: `tail-${String(index)}`,
        milestoneId: 'm',
        at: new Date(),
        lines: [
          { account: `brand:tail-${String(index)}:paid`, amountPaise: -100 },
          { account: `creator:${CREATOR}:held`, amountPaise: 100 },
        ],
      });
    }
    const checkpoints = db.collection<{ _id: string; throughId: string }>(
      'ledger_balance_checkpoints',
    );
    const balanceRows: Record<string, Record<string, string>> = {};
    let answer: unknown;
    for (const [name, run] of [
      [
        'bare driver: checkpoint + lines after it',
        async () => {
          const checkpoint = await checkpoints.findOne({ _id: CREATOR });
          return transactions
            .aggregate(pipeline(checkpoint ? { _id: { $gt: checkpoint.throughId } } : {}))
            .toArray();
        },
      ],
      ['MongoLedger.balancesOf', async () => (answer = await ledger.balancesOf(CREATOR))],
    ] as const) {
      const { durations } = await measure(
        Array.from({ length: BALANCE_RUNS }, (_, n) => n),
        1,
        run,
      );
      balanceRows[name] = {
        'p50 ms': percentile(durations, 50).toFixed(1),
        'p95 ms': percentile(durations, 95).toFixed(1),
      };
    }
    console.log(
      `balances of a creator with ${LINES.toLocaleString('en')} ledger lines and ${String(TAIL)} transactions after the checkpoint (${String(BALANCE_RUNS)} runs each):`,
      answer,
    );
    console.table(balanceRows);
    return 0;
  });
}

process.exitCode = await main();
