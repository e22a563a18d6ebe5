/**
 * `npm run read-models:rebuild -w backend -- wallet [--creator <id>]` (compare with the ledger,
 * write again what differs, report; one creator's wallet alone with `--creator`) and
 * `npm run read-models:follow -w backend -- wallet` (apply the ledger's transactions the wallet
 * has not taken yet). MONGODB_URI names the database. Exit code 1 when a
 * rebuild found differences (they are fixed; the report says what they were), 2 on bad usage.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { MongoLedger } from './infrastructure/mongo-ledger.js';
import { followLedger, rebuildWallets } from './infrastructure/wallet-maintenance.js';

const [command, model, option, creatorId] = process.argv.slice(2);
/** `--creator <id>`: rebuild that creator's wallet alone. */
const oneCreator = option === '--creator' && creatorId ? creatorId : undefined;
const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/paylock';

async function main(): Promise<number> {
  const usable =
    model === 'wallet' &&
    ((command === 'follow' && option === undefined) ||
      (command === 'rebuild' && (option === undefined || oneCreator !== undefined)));
  if (!usable) {
    console.error('usage: read-models-cli follow wallet | rebuild wallet [--creator <id>]');
    return 2;
  }
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    // The commands hand out no page cursors: a secret of their own signs none anyone sees.
    const ledger = new MongoLedger(connection, {
      auth: { jwtSecret: randomBytes(32).toString('hex') },
    });
    if (command === 'follow') {
      const report = await followLedger(connection, ledger, (progress) => {
        console.log(JSON.stringify({ progress }));
      });
      console.log(JSON.stringify({ followed: report }));
      return 0;
    }
    const report = await rebuildWallets(connection, ledger, { creatorId: oneCreator });
    console.log(JSON.stringify({ rebuilt: report }, null, 2));
    return Object.keys(report.differences).length > 0 ? 1 : 0;
  } finally {
    await connection.close();
  }
}

process.exitCode = await main();
