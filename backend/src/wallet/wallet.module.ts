import { AuthModule } from '../auth/index.js';
import { Module } from '@nestjs/common';
import { DealsModule } from '../deals/index.js';
import { LedgerModule } from '../ledger/index.js';
import { PayoutsModule } from '../payouts/index.js';
import { WalletQueries } from './application/wallet.use-case.js';
import { WalletController } from './presentation/wallet.controller.js';

/**
 * The creator's wallet (#27): read-only views of the ledger. Where payouts go is read from the
 * PayoutAccounts port when the payout profiles' module provides it (optional here).
 */
@Module({
  imports: [AuthModule, DealsModule, LedgerModule, PayoutsModule],
  controllers: [WalletController],
  providers: [WalletQueries],
})
export class WalletModule {}
