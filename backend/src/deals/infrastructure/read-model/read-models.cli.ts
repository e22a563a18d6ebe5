/**
 * `npm run read-models:rebuild -w backend -- deals` (after `npm run build -w backend`): recomputes
 * the deals lists from the deals, prints what differed (JSON) and writes the recomputed lists.
 * `node dist/deals/infrastructure/read-model/read-models.cli.js follow`: applies the pending
 * changes once and exits (what every API instance does each second; the crash test kills it).
 * Environment: MONGODB_URI; READ_MODEL_LEASE_MS (default 4000), READ_MODEL_BATCH (default 500).
 */
import mongoose from 'mongoose';
import { DealListsFollower, DealListsStore } from './deal-lists.follower.js';
import { rebuildDealLists } from './rebuild-deal-lists.js';

async function main(command: string | undefined): Promise<number> {
  const uri = process.env.MONGODB_URI;
  if (!uri) {
    console.error('MONGODB_URI is not set');
    return 2;
  }
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const follower = new DealListsFollower(new DealListsStore(connection), {
      leaseMs: Number(process.env.READ_MODEL_LEASE_MS ?? 4_000),
      batchSize: Number(process.env.READ_MODEL_BATCH ?? 500),
    });
    if (command === 'follow') {
      const applied = await follower.drain({ wait: true });
      console.log(JSON.stringify({ readModel: 'deals', applied }));
      return 0;
    }
    if (command !== 'rebuild' && command !== 'deals') {
      console.error('usage: read-models.cli.js rebuild|follow');
      return 2;
    }
    const report = await rebuildDealLists(connection, follower);
    console.log(JSON.stringify(report, null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main(process.argv[2]);
