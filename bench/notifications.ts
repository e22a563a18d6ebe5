/**
 * `npm run bench:notifications` (#39): the reminder scheduler's pass when BENCH_NOTIFICATIONS_MILESTONES
 * (default 100,000) milestones each wait on a reminder, of which BENCH_NOTIFICATIONS_DUE (default
 * 1,000) are due. Reminders are keyed `_id: "<dueAt ISO>:<key>"`, so the pass finds the due ones
 * as an `_id` range (O(due) where the store serves it by the key). Beside it, in the same run:
 *
 * - the bare driver doing the same range read;
 * - the bare driver finding the due ones by a `dueAt` filter without a sort (its due documents
 *   were inserted first, so the scan may stop early: not a fair baseline, see performance.md).
 *
 * Each p50/p95 over BENCH_NOTIFICATIONS_PASSES (default 20) passes after one warm-up. MONGODB_URI
 * is not used: a database of its own is started and dropped.
 */
import type { Collection, Document } from 'mongodb';

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

async function seed(reminders: Collection<ReminderDocument>): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < MILESTONES; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, MILESTONES - from) }, (_, i) =>
      reminder(from + i),
    );
    await reminders.insertMany(batch, { ordered: false });
  }
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
    const reminders = client.db().collection<ReminderDocument>('notification_reminders');
    const seeded = await seed(reminders);
    console.log(
      `seeded ${String(MILESTONES)} reminders (${String(DUE)} due) in ${(seeded / 1000).toFixed(1)} s`,
    );

    const Queue = await compiledExport<QueueClass>(
      'notifications/infrastructure/mongo-notification-stores.js',
      'MongoReminderQueue',
    );
    // The adapter asks its connection for collections only: the driver's database serves.
    const queue = new Queue({ collection: (name: string) => client.db().collection(name) });
    const range = () =>
      reminders
        .find({ _id: { $lt: `${NOW.toISOString()};` } })
        .sort({ _id: 1 })
        .limit(DUE)
        .toArray();
    const scan = () =>
      reminders
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
      row('scheduler pass (MongoReminderQueue.due, _id range)', viaPass, DUE),
      row('bare driver, the same _id range', viaRange, DUE),
      row('bare driver, dueAt filter, no sort', viaScan, DUE),
    ]);
    return 0;
  },
);
