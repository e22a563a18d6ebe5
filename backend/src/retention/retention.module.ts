import { Global, Module } from '@nestjs/common';
import { AdminModule } from '../admin/index.js';
import { fromConfig } from '../config/config.module.js';
import { WaitlistModule } from '../waitlist/index.js';
import { RetentionLedger } from './application/ports/retention-ledger.js';
import { RetentionSettings } from './application/ports/retention-settings.js';
import { RunRetention } from './application/run-retention.use-case.js';
import { MongoRetentionLedger } from './infrastructure/mongo-retention-ledger.js';
import { RetentionScheduler } from './infrastructure/retention-scheduler.js';
import { Pruners } from './retention.contract.js';

/**
 * Retention (issue #29, ADR 0034): the job that forgets what is kept only for a while. Global,
 * so that every module registers its Pruner in the one registry at start.
 */
@Global()
@Module({
  imports: [WaitlistModule, AdminModule],
  providers: [
    { provide: Pruners, useFactory: () => new Pruners() },
    RunRetention,
    RetentionScheduler,
    { provide: RetentionLedger, useClass: MongoRetentionLedger },
    fromConfig(
      RetentionSettings,
      ({ privacy }) =>
        new RetentionSettings(privacy.launchDate, privacy.retentionMonthsAfterLaunch),
    ),
  ],
  exports: [Pruners, RunRetention],
})
export class RetentionModule {}
