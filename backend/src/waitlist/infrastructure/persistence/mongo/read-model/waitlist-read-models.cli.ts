/**
 * `npm run read-models:rebuild -w backend -- waitlist` (after `npm run build -w backend`):
 * recomputes the admin waitlist table's read model from the entries, prints what differed (JSON)
 * and writes the recomputed lists, counters and projections.
 * `node dist/waitlist/infrastructure/persistence/mongo/read-model/waitlist-read-models.cli.js follow`:
 * applies the recorded writes once and exits (what every API instance does each second).
 * Environment: MONGODB_URI; READ_MODEL_LEASE_MS (default 4000), READ_MODEL_BATCH (default 500).
 */
import mongoose from 'mongoose';
import { rebuildWaitlistLists } from './rebuild-waitlist-lists.js';
import { WaitlistListsFollower, WaitlistListsStore } from './waitlist-lists.js';

async function main(command: string | undefined): Promise<number> {
  const uri = process.env.MONGODB_URI;
  if (!uri) {
    console.error('MONGODB_URI is not set');
    return 2;
  }
  if (command !== 'rebuild' && command !== 'follow') {
    console.error('usage: waitlist-read-models.cli.js rebuild|follow');
    return 2;
  }
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const follower = new WaitlistListsFollower(new WaitlistListsStore(connection), {
      leaseMs: Number(process.env.READ_MODEL_LEASE_MS ?? 4_000),
      batchSize: Number(process.env.READ_MODEL_BATCH ?? 500),
    });
    if (command === 'follow') {
      const applied = await follower.drain({ wait: true });
      console.log(JSON.stringify({ readModel: 'waitlist', applied }));
      return 0;
    }
    console.log(JSON.stringify(await rebuildWaitlistLists(follower), null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main(process.argv[2]);
