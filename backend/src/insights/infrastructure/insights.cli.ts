/**
 * `npm run read-models:rebuild -w backend -- insights`: recomputes every creator's and brand
 * workspace's insights facts from the deals as stored, then follows the claims written since.
 * MONGODB_URI names the database.
 */
import mongoose from 'mongoose';
import { databaseOf } from '../../database/declared-model.js';
import { ReadModelStore } from '../../database/read-models/index.js';
import { dealWriteLogOn } from '../../deals/index.js';
import { DealHistoryFollower, insightsCursorsOn } from './deal-history-follower.js';
import { InsightsReadModel } from './insights-read-model.js';

const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/paylock';

async function main(): Promise<number> {
  if (process.argv[2] !== 'rebuild') {
    console.error('usage: insights.cli rebuild');
    return 2;
  }
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const follower = new DealHistoryFollower(
      insightsCursorsOn(connection),
      dealWriteLogOn(connection),
      new InsightsReadModel(new ReadModelStore(databaseOf(connection))),
    );
    const rebuilt = await follower.rebuild();
    const followed = await follower.drain();
    console.log(JSON.stringify({ rebuilt, followed }, null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main();
