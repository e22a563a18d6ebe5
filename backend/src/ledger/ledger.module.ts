import { Module } from '@nestjs/common';
import { CreatorWalletReader, LedgerAudit, LedgerReader, LedgerWriter } from './ledger.contract.js';
import { MongoLedger } from './infrastructure/mongo-ledger.js';

/**
 * The ledger (#26, ADR 0042): one adapter behind the writer, the reader and the audit ports, so
 * that every reader sees what the writer wrote.
 */
@Module({
  providers: [
    MongoLedger,
    { provide: LedgerWriter, useExisting: MongoLedger },
    { provide: LedgerReader, useExisting: MongoLedger },
    { provide: LedgerAudit, useExisting: MongoLedger },
    { provide: CreatorWalletReader, useExisting: MongoLedger },
  ],
  exports: [LedgerWriter, LedgerReader, LedgerAudit, CreatorWalletReader],
})
export class LedgerModule {}
