import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { DealsModule } from '../deals/index.js';
import { InsightsModule } from '../insights/index.js';
import { InvoicesModule } from '../invoices/index.js';
import { LedgerModule } from '../ledger/index.js';
import { MailModule } from '../mail/index.js';
import { MediaKitModule } from '../media-kit/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { PayoutsModule } from '../payouts/index.js';
import { ProfilePhotosModule } from '../profile-photos/index.js';
import { SupportModule } from '../support/index.js';
import { UsersModule } from '../users/index.js';
import { EraseAccount, PreviewAccountErasure } from './application/erase-account.use-case.js';
import {
  BuildDataExports,
  DataExportSettings,
  DataExportStatusOf,
  DownloadDataExport,
  RequestDataExport,
} from './application/data-exports.use-case.js';
import { ExportAccountData } from './application/export-account-data.use-case.js';
import { DataExports } from './application/ports/data-exports.js';
import { ManageNominee } from './application/nominee.use-case.js';
import { PartyDeals } from './application/party-deals.js';
import { ContractPdfs } from './application/ports/contract-pdfs.js';
import { DataArchive } from './application/ports/data-archive.js';
import { ErasureReceipts } from './application/ports/erasure-receipts.js';
import { Nominees } from './application/ports/nominees.js';
import { DataExportsWorker } from './infrastructure/data-exports-worker.js';
import { DealContractPdfs } from './infrastructure/deal-contract-pdfs.js';
import { FflateDataArchive } from './infrastructure/fflate-data-archive.js';
import {
  ErasureReceiptRecord,
  ErasureReceiptSchema,
  MongoErasureReceipts,
  MongoNominees,
  NomineeRecord,
  NomineeSchema,
} from './infrastructure/mongo-account-data-records.js';
import {
  DataExportAttemptRecord,
  DataExportAttemptSchema,
  DataExportChunkRecord,
  DataExportChunkSchema,
  DataExportLatestRecord,
  DataExportLatestSchema,
  DataExportQueueRecord,
  DataExportQueueSchema,
  DataExportRecord,
  DataExportSchema,
  MongoDataExports,
} from './infrastructure/mongo-data-exports.js';
import { AccountDataController } from './presentation/account-data.controller.js';
import { AccountErasureController } from './presentation/account-erasure.controller.js';
import { NomineeController } from './presentation/nominee.controller.js';

/** The account's data rights, self-service (#41): download (built in the background), erasure, nominee. */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    DealsModule,
    InsightsModule,
    InvoicesModule,
    LedgerModule,
    MailModule,
    MediaKitModule,
    NotificationsModule,
    PayoutsModule,
    ProfilePhotosModule,
    SupportModule,
    MongooseModule.forFeature([
      { name: ErasureReceiptRecord.name, schema: ErasureReceiptSchema },
      { name: NomineeRecord.name, schema: NomineeSchema },
      { name: DataExportQueueRecord.name, schema: DataExportQueueSchema },
      { name: DataExportAttemptRecord.name, schema: DataExportAttemptSchema },
      { name: DataExportRecord.name, schema: DataExportSchema },
      { name: DataExportChunkRecord.name, schema: DataExportChunkSchema },
      { name: DataExportLatestRecord.name, schema: DataExportLatestSchema },
    ]),
  ],
  controllers: [AccountDataController, AccountErasureController, NomineeController],
  providers: [
    ExportAccountData,
    RequestDataExport,
    DataExportStatusOf,
    DownloadDataExport,
    BuildDataExports,
    DataExportsWorker,
    fromConfig(DataExportSettings, ({ auth }) => new DataExportSettings(auth.publicUrl)),
    PartyDeals,
    PreviewAccountErasure,
    EraseAccount,
    ManageNominee,
    { provide: ContractPdfs, useClass: DealContractPdfs },
    { provide: DataArchive, useClass: FflateDataArchive },
    { provide: ErasureReceipts, useClass: MongoErasureReceipts },
    { provide: Nominees, useClass: MongoNominees },
    { provide: DataExports, useClass: MongoDataExports },
  ],
})
export class AccountDataModule {}
