import { Injectable } from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { MongoLedger } from './mongo-ledger.js';

/** How often every instance looks for ledger changes a killed writer left on their way. */
export const PENDING_CHANGES_INTERVAL_MS = 30_000;

/**
 * Runs in every instance: a transaction whose writer died after the journal and before the
 * wallet or a follower's feed took it is taken into them (`followPending`, idempotent), so an
 * invoice or a brand's books never wait for the creator to open the wallet. Reads only the small
 * pending collection.
 */
@Injectable()
export class PendingLedgerChangesJob extends PeriodicJob {
  constructor(
    private readonly ledger: MongoLedger,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Pending ledger changes', each: 'pass' });
  }

  protected intervalMs(): number {
    return PENDING_CHANGES_INTERVAL_MS;
  }

  runOnce(): Promise<number> {
    return this.ledger.followPending();
  }
}
