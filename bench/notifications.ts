/**
 * `npm run bench:notifications` (#39): the reminder scheduler's pass when BENCH_NOTIFICATIONS_MILESTONES
 * (default 100,000) milestones each wait on a reminder, of which BENCH_NOTIFICATIONS_DUE (default
 * 1,000) are due. Reminders live in one collection per hour of due time (MongoReminderQueue), with
 * a small list of the hours that hold any; the pass reads that list and the buckets of the hours
 * begun only, so it costs O(due + hours), not O(reminders), even where every read scans its
 * collection (FerretDB 1.x). Beside it, in the same run, the bare driver doing the same reads.
 *
 * Each p50/p95 over BENCH_NOTIFICATIONS_PASSES (default 20) passes after one warm-up. MONGODB_URI
 * is not used: a database of its own is started and dropped.
 */
import type { Collection, Db, Document } from 'mongodb';

type ReminderDocument = Document & { _id: string };
import { compiledExport, percentile, runBench, timed } from './support.ts';

const MILESTONES = Number(process.env.BENCH_NOTIFICATIONS_MILESTONES ?? 100_000);
const DUE = Number(process.env.BENCH_NOTIFICATIONS_DUE ?? 1_000);
const PASSES = Number(process.env.BENCH_NOTIFICATIONS_PASSES ?? 20);
const BATCH = 5_000;
const NOW = new Date('2026-12-01T04:30:00.000Z');
const HOUR_MS = 3_600_000;

interface ReminderQueue {
  due(now: Date, limit: number): Promise<unknown[]>;
}
type QueueClass = new (connection: unknown) => ReminderQueue;

/** One milestone's next reminder: due before NOW for the first DUE, after it for the rest. */
function reminder(index: number): ReminderDocument {
  const dueAt = new Date(
    index < DUE
      ? NOW.getTime() - (index + 1) * 1000
      : NOW.getTime() + (1 + (index % 500)) * HOUR_MS,
  );
  const key = `funding_reminder:deal-${String(index)}:m-${String(index)}:funding:2d`;
  return {
    _id: `${dueAt.toISOString()}:${key}`,
    key,
    kind: 'funding_reminder',
    dealId: `deal-${String(index)}`,
    milestoneId: `m-${String(index)}`,
    whileState: 'pending',
    cycle: 'funding',
    dueAt,
  };
}

/** The adapter's layout (compiled backend): the hour of a due time and its bucket's name. */
interface Layout {
  hourOf: (dueAt: Date) => string;
  bucketOf: (hour: string) => string;
  hours: string;
}

/** Seeds as the adapter schedules: each reminder in its hour's bucket, each hour listed once. */
async function seed(db: Db, layout: Layout): Promise<number> {
  const started = performance.now();
  const byHour = new Map<string, ReminderDocument[]>();
  for (let index = 0; index < MILESTONES; index += 1) {
    const document = reminder(index);
    const hour = layout.hourOf(document.dueAt as Date);
    const bucket = byHour.get(hour) ?? [];
    bucket.push(document);
    byHour.set(hour, bucket);
  }
  for (const [hour, documents] of byHour) {
    const bucket: Collection<ReminderDocument> = db.collection(layout.bucketOf(hour));
    for (let from = 0; from < documents.length; from += BATCH) {
      await bucket.insertMany(documents.slice(from, from + BATCH), { ordered: false });
    }
  }
  await db
    .collection<{ _id: string }>(layout.hours)
    .insertMany([...byHour.keys()].map((hour) => ({ _id: hour })));
  return performance.now() - started;
}

const row = (what: string, durations: readonly number[], found: number) => ({
  read: what,
  found,
  'p50 ms': percentile(durations, 50).toFixed(1),
  'p95 ms': percentile(durations, 95).toFixed(1),
});

process.exitCode = await runBench(
  { name: 'notifications', databaseName: 'paylock_bench_notifications' },
  async ({ client }) => {
    const stores = 'notifications/infrastructure/mongo-notification-stores.js';
    const layout: Layout = {
      hourOf: await compiledExport<Layout['hourOf']>(stores, 'reminderHourOf'),
      bucketOf: await compiledExport<Layout['bucketOf']>(stores, 'reminderBucketOf'),
      hours: await compiledExport<string>(stores, 'REMINDER_HOURS'),
    };
    const db = client.db();
    const seeded = await seed(db, layout);
    console.log(
      `seeded ${String(MILESTONES)} reminders (${String(DUE)} due) in ${(seeded / 1000).toFixed(1)} s`,
    );

    const Queue = await compiledExport<QueueClass>(stores, 'MongoReminderQueue');
    // The adapter asks its connection for collections only: the driver's database serves.
    const queue = new Queue({ collection: (name: string) => db.collection(name) });
    const current = layout.hourOf(NOW);
    const dueBucket = db.collection<ReminderDocument>(layout.bucketOf(current));
    // The same reads as the pass, by hand: the hours begun, then the current hour's due range.
    const range = async () => {
      await db
        .collection<{ _id: string }>(layout.hours)
        .find({ _id: { $lte: current } })
        .toArray();
      return dueBucket
        .find({ _id: { $lt: `${NOW.toISOString()};` } })
        .sort({ _id: 1 })
        .limit(DUE)
        .toArray();
    };
    // The due bucket alone, filtered by dueAt without a sort.
    const scan = () =>
      dueBucket
        .find({ dueAt: { $lte: NOW } })
        .limit(DUE)
        .toArray();

    const counts = [
      (await queue.due(NOW, DUE)).length,
      (await range()).length,
      (await scan()).length,
    ];
    if (counts.some((count) => count !== DUE)) {
      console.error(`expected ${String(DUE)} due reminders, found ${counts.join(', ')}`);
      return 1;
    }
    const viaPass = await timed(PASSES, () => queue.due(NOW, DUE));
    const viaRange = await timed(PASSES, range);
    const viaScan = await timed(PASSES, scan);
    console.table([
      row('scheduler pass (MongoReminderQueue.due: hours, then due buckets)', viaPass, DUE),
      row('bare driver, the same reads (hours list, due-hour _id range)', viaRange, DUE),
      row('bare driver, due-hour bucket, dueAt filter, no sort', viaScan, DUE),
    ]);
    return 0;
  },
);
