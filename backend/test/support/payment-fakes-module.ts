import type { DynamicModule } from '@nestjs/common';
import { PayoutAccounts } from '../../src/payouts/payouts.contract.js';

/**
 * A global module that provides the payout accounts port (until the payouts module is wired in,
 * the app leaves it optional): sending and funding then see these accounts.
 */
export function payoutAccountsModule(accounts: PayoutAccounts): DynamicModule {
  class FakePayoutAccountsModule {}
  return {
    module: FakePayoutAccountsModule,
    global: true,
    providers: [{ provide: PayoutAccounts, useValue: accounts }],
    exports: [PayoutAccounts],
  };
}
