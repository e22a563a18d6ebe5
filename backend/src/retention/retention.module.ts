import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { fromConfig } from '../config/config.module.js';
import { RetentionLedger } from './application/ports/retention-ledger.js';
import { RetentionSettings } from './application/ports/retention-settings.js';
import { RunRetention } from './application/run-retention.use-case.js';
import {
  MongoRetentionLedger,
  RetentionErasureRecord,
  RetentionErasureSchema,
  RetentionRunRecord,
  RetentionRunSchema,
} from './infrastructure/mongo-retention-ledger.js';
import { RetentionScheduler } from './infrastructure/retention-scheduler.js';
import { PrunersModule } from './pruners.module.js';

/**
 * Retention (issue #29, ADR 0034): the job that forgets what is kept only for a while, running
 * the pruners each module registered in PrunersModule's registry at start. The job's two ports
 * (`RetainedEntries`, `RetentionReports`: retention.contract.ts) come from the modules the app's
 * wiring hands to `forRoot` (the waitlist, the audit log), so retention imports neither (ADR 0062).
 */
@Module({
  imports: [
    PrunersModule,
    MongooseModule.forFeature([
      { name: RetentionRunRecord.name, schema: RetentionRunSchema },
      { name: RetentionErasureRecord.name, schema: RetentionErasureSchema },
    ]),
  ],
  providers: [
    RunRetention,
    RetentionScheduler,
    { provide: RetentionLedger, useClass: MongoRetentionLedger },
    fromConfig(
      RetentionSettings,
      ({ privacy }) =>
        new RetentionSettings(privacy.launchDate, privacy.retentionMonthsAfterLaunch),
    ),
  ],
  exports: [RunRetention],
})
export class RetentionModule {
  /** `entriesAndReports`: the modules providing RetainedEntries and RetentionReports. */
  static forRoot(...entriesAndReports: (Type | DynamicModule)[]): DynamicModule {
    return { module: RetentionModule, imports: entriesAndReports };
  }
}
