import type { InjectionToken, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ReconciliationSummary } from './admin/admin.contract.js';
import { GetWaitlistOverview } from './admin/application/get-waitlist-overview.use-case.js';
import { SendDeal } from './deals/application/creator-deals.use-case.js';
import { MilestoneActions } from './payments/application/milestone-actions.use-case.js';
import { ProcessWebhook } from './payments/application/process-webhook.use-case.js';
import { PayoutAccountEvents, PayoutAccounts } from './payouts/payouts.contract.js';
import { RunRetention } from './retention/application/run-retention.use-case.js';
import { RetainedEntries, RetentionReports } from './retention/retention.contract.js';
import { WalletQueries } from './wallet/application/wallet.use-case.js';

/**
 * Every port a use case names is required (ADR 0062): a module wired without its binding fails
 * the boot with Nest's "can't resolve dependencies", instead of the port silently being undefined.
 */
const PORTS_BOUND_ACROSS_MODULES: [Type, InjectionToken & { name: string }][] = [
  [GetWaitlistOverview, ReconciliationSummary],
  [SendDeal, PayoutAccounts],
  [WalletQueries, PayoutAccounts],
  [MilestoneActions, PayoutAccounts],
  [ProcessWebhook, PayoutAccountEvents],
  [RunRetention, RetainedEntries],
  [RunRetention, RetentionReports],
];

describe('the wiring', () => {
  it.each(PORTS_BOUND_ACROSS_MODULES)(
    'refuses to boot %p without a binding for %p',
    async (useCase, port) => {
      const compiling = Test.createTestingModule({ providers: [useCase] })
        // Every other dependency is given a stand-in; the port under test is left unbound.
        .useMocker((token) => (token === port ? undefined : {}))
        .compile();
      await expect(compiling).rejects.toThrow(`argument ${port.name} at index`);
    },
  );
});
