import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { DealsModule } from '../deals/index.js';
import { LedgerModule } from '../ledger/index.js';
import { UsersModule } from '../users/index.js';
import { ExportAccountData } from './application/export-account-data.use-case.js';
import { DataArchive } from './application/ports/data-archive.js';
import { FflateDataArchive } from './infrastructure/fflate-data-archive.js';
import { AccountDataController } from './presentation/account-data.controller.js';

/** The account's data rights, self-service (#41): "Download my data". */
@Module({
  imports: [AuthModule, UsersModule, DealsModule, LedgerModule],
  controllers: [AccountDataController],
  providers: [ExportAccountData, { provide: DataArchive, useClass: FflateDataArchive }],
})
export class AccountDataModule {}
