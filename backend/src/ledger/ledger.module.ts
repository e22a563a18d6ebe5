import { Module } from '@nestjs/common';
import {
  CreatorWalletReader,
  LedgerAudit,
  LedgerFeed,
  LedgerReader,
  LedgerWriter,
} from './ledger.contract.js';
import { MongoLedger } from './infrastructure/mongo-ledger.js';
import { PendingLedgerChangesJob } from './infrastructure/pending-changes-job.js';

/**
 * The ledger (#26, ADR 0042): one adapter behind the writer, reader, audit and feed ports, so
 * that every reader sees what the writer wrote; and the job that takes into the wallets and the
 * followers' feeds what a killed writer left pending.
 */
@Module({
  providers: [
    MongoLedger,
    PendingLedgerChangesJob,
    { provide: LedgerWriter, useExisting: MongoLedger },
    { provide: LedgerReader, useExisting: MongoLedger },
    { provide: LedgerAudit, useExisting: MongoLedger },
    { provide: CreatorWalletReader, useExisting: MongoLedger },
    { provide: LedgerFeed, useExisting: MongoLedger },
  ],
  exports: [LedgerWriter, LedgerReader, LedgerAudit, CreatorWalletReader, LedgerFeed],
})
export class LedgerModule {}
