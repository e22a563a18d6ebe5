import {
  type BeforeApplicationShutdown,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { PrunersModule } from '../retention/index.js';
import { Pruners } from '../retention/retention.contract.js';
import { Clock } from '../common/application/clock.js';
import { DatabaseReady } from '../common/application/database-ready.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG, fromConfig } from '../config/config.module.js';
import { CountHit, RateLimitStorageModule } from '../rate-limit/index.js';
import { SmsOutboxStore } from './application/ports/sms-outbox.store.js';
import { SmsSender } from './application/ports/sms-sender.js';
import { SmsWorker, SmsWorkerSettings } from './application/sms-worker.js';
import { SmsWaitSettings, WaitingSmsOutbox } from './application/waiting-sms-outbox.js';
import {
  MongoSmsBudgetAlerts,
  SmsBudgetAlertRecord,
  SmsBudgetAlertSchema,
} from './infrastructure/mongo-sms-budget-alerts.js';
import {
  MongoSmsOutboxStore,
  SmsClaimRecord,
  SmsClaimSchema,
  SmsRecord,
  SmsSchema,
} from './infrastructure/mongo-sms-outbox.store.js';
import { Msg91SmsSender } from './infrastructure/msg91-sms-sender.js';
import { SmsCodeSeal } from './infrastructure/sms-code-seal.js';
import { smsPruners } from './infrastructure/mongo-sms-pruners.js';
import { SharedSmsBudget } from './infrastructure/shared-sms-budget.js';
import { SmsBudgetOverview } from './infrastructure/sms-budget-overview.js';
import { SmsBudget, SmsBudgetAlerts, SmsDeliveryReports, SmsOutbox } from './sms.contract.js';

const POLL_INTERVAL_MS = 1_000;
/** A request waits this long for its code's first attempt before answering "on its way". */
const FIRST_ATTEMPT_WAIT_MS = 8_000;
const WAIT_POLL_MS = 50;

/**
 * SMS (issue #25): an outbox like mail's, a worker every instance runs, MSG91's Flow API as the
 * provider (or the local SMS inbox, which speaks it), and the global hourly budget.
 */
@Module({
  imports: [
    RateLimitStorageModule,
    PrunersModule,
    MongooseModule.forFeature([
      { name: SmsRecord.name, schema: SmsSchema },
      { name: SmsClaimRecord.name, schema: SmsClaimSchema },
      { name: SmsBudgetAlertRecord.name, schema: SmsBudgetAlertSchema },
    ]),
  ],
  providers: [
    { provide: SmsOutboxStore, useClass: MongoSmsOutboxStore },
    fromConfig(SmsCodeSeal, ({ otp }) => new SmsCodeSeal(otp.secrets)),
    fromConfig(
      SmsSender,
      ({ sms }) =>
        new Msg91SmsSender({
          baseUrl: sms.baseUrl ?? 'http://127.0.0.1:9',
          authKey: sms.authKey,
          templateId: sms.templateId,
          sender: sms.sender,
          timeoutMs: sms.sendTimeoutMs,
        }),
    ),
    fromConfig(
      SmsWorkerSettings,
      ({ sms }) =>
        new SmsWorkerSettings(sms.baseUrl !== undefined, POLL_INTERVAL_MS, sms.sendTimeoutMs * 3),
    ),
    // One registry per app (its listeners are that app's), never shared by two apps in a process.
    { provide: SmsDeliveryReports, useFactory: () => new SmsDeliveryReports() },
    SmsWorker,
    {
      provide: SmsWaitSettings,
      useValue: new SmsWaitSettings(FIRST_ATTEMPT_WAIT_MS, WAIT_POLL_MS),
    },
    { provide: SmsOutbox, useClass: WaitingSmsOutbox },
    MongoSmsBudgetAlerts,
    {
      provide: SmsBudgetAlerts,
      inject: [MongoSmsBudgetAlerts, SmsOutboxStore, Clock, APP_CONFIG],
      useFactory: (
        alerts: MongoSmsBudgetAlerts,
        store: SmsOutboxStore,
        clock: Clock,
        { sms }: AppConfig,
      ) => new SmsBudgetOverview(alerts, store, clock, sms.hourlyBudget),
    },
    {
      provide: SmsBudget,
      inject: [CountHit, MongoSmsBudgetAlerts, Clock, APP_CONFIG],
      useFactory: (
        countHit: CountHit,
        alerts: MongoSmsBudgetAlerts,
        clock: Clock,
        config: AppConfig,
      ) => new SharedSmsBudget(countHit, alerts, clock, config.sms.hourlyBudget),
    },
  ],
  exports: [SmsOutbox, SmsBudget, SmsBudgetAlerts, SmsDeliveryReports],
})
export class SmsModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly worker: SmsWorker,
    private readonly database: DatabaseReady,
    private readonly pruners: Pruners,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  /** Settled messages, stale codes and spent claims go with the retention job (privacy.md). */
  onModuleInit(): void {
    for (const pruner of smsPruners(this.connection)) this.pruners.register(pruner);
  }

  /** The worker's first pass waits for the database connection (none fails before it opens). */
  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      this.worker.start();
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.stop();
  }
}
