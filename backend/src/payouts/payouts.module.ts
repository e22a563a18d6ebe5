import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/index.js';
import { LedgerModule } from '../ledger/index.js';
import { PaymentGatewayModule } from '../payment-gateway/index.js';
import { fromConfig } from '../config/config.module.js';
import {
  GetPayoutProfile,
  LinkedAccountSync,
  PayoutAccountsService,
  SavePayoutProfile,
} from './application/payout-profiles.use-case.js';
import { PayoutDataRights } from './application/payout-data-rights.use-case.js';
import { IfscDirectory } from './application/ports/ifsc-directory.js';
import { PayoutProfileRepository } from './application/ports/payout-profile.repository.js';
import { PayoutsSettings } from './application/ports/payouts-settings.js';
import { AesGcmFieldCipher } from './infrastructure/aes-gcm-field-cipher.js';
import {
  MongoPayoutProfileRepository,
  PayoutClaimRecord,
  PayoutClaimSchema,
  PayoutErasureRecord,
  PayoutErasureSchema,
  PayoutProfileRecord,
  PayoutProfileSchema,
  PayoutRevisionRecord,
  PayoutRevisionSchema,
} from './infrastructure/mongo-payout-profile.repository.js';
import { OfflineIfscDirectory } from './infrastructure/offline-ifsc-directory.js';
import { PayoutsWorker } from './infrastructure/payouts-worker.js';
import { PayoutProfileController } from './presentation/payout-profile.controller.js';
import {
  PayoutAccountEvents,
  PayoutAccounts,
  PayoutProfilePersonalData,
} from './payouts.contract.js';

/**
 * The creator's payout profile (#26, ADR 0046, 0059): legal name, PAN, the destination — a bank
 * account (IFSC checked offline) or a UPI ID — and GSTIN; PAN and account number encrypted at rest; the Route linked
 * account created and followed through the PaymentGateway port. The deals, payments and wallet
 * modules import it for PayoutAccounts (and PayoutAccountEvents); it imports none of them.
 */
@Module({
  imports: [
    AuthModule,
    LedgerModule,
    PaymentGatewayModule,
    MongooseModule.forFeature([
      { name: PayoutProfileRecord.name, schema: PayoutProfileSchema },
      { name: PayoutRevisionRecord.name, schema: PayoutRevisionSchema },
      { name: PayoutClaimRecord.name, schema: PayoutClaimSchema },
      { name: PayoutErasureRecord.name, schema: PayoutErasureSchema },
    ]),
  ],
  controllers: [PayoutProfileController],
  providers: [
    GetPayoutProfile,
    SavePayoutProfile,
    LinkedAccountSync,
    PayoutAccountsService,
    PayoutDataRights,
    PayoutsWorker,
    { provide: PayoutAccounts, useExisting: PayoutAccountsService },
    { provide: PayoutAccountEvents, useExisting: PayoutAccountsService },
    { provide: PayoutProfilePersonalData, useExisting: PayoutDataRights },
    { provide: PayoutProfileRepository, useClass: MongoPayoutProfileRepository },
    { provide: IfscDirectory, useFactory: () => new OfflineIfscDirectory() },
    fromConfig(
      AesGcmFieldCipher,
      ({ payouts }) => new AesGcmFieldCipher(payouts.encryptionKey, payouts.previousEncryptionKeys),
    ),
    fromConfig(PayoutsSettings, ({ payouts }) => new PayoutsSettings(payouts.workerIntervalMs)),
  ],
  exports: [PayoutAccounts, PayoutAccountEvents, PayoutProfilePersonalData, PayoutsWorker],
})
export class PayoutsModule {}
