import {
  type BeforeApplicationShutdown,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectModel, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DatabaseReady } from '../common/application/database-ready.js';
import type { AppConfig } from '../config/app-config.js';
import { fromConfig } from '../config/config.module.js';
import { MailDeliveryReports } from './application/mail-delivery-reports.js';
import { OutboxWorker } from './application/outbox-worker.js';
import { MAIL_SETTINGS, type MailSettings } from './application/ports/mail-settings.js';
import { MailTransport } from './application/ports/mail-transport.js';
import { Outbox } from './application/ports/outbox.js';
import { OutboxQueries } from './application/ports/outbox-queries.js';
import { OutboxStore } from './application/ports/outbox-store.js';
import { WakingOutbox } from './application/waking-outbox.js';
import { PrunersModule } from '../retention/index.js';
import { Pruners } from '../retention/retention.contract.js';
import { outboxPruners } from './infrastructure/persistence/mongo/mongo-outbox-pruners.js';
import { MongoOutboxStore } from './infrastructure/persistence/mongo/mongo-outbox.store.js';
import {
  OutboxClaimRecord,
  OutboxClaimSchema,
  OutboxRecord,
  OutboxSchema,
} from './infrastructure/persistence/mongo/outbox.documents.js';
import { NodemailerMailTransport } from './infrastructure/smtp/nodemailer-mail-transport.js';

function mailSettingsOf({ mail }: AppConfig): MailSettings {
  return {
    delivery: !mail.delivery ? 'off' : mail.smtpUrl === undefined ? 'no-smtp-server' : 'on',
    messageIdDomain: mail.from.address.split('@')[1] ?? 'paylock.in',
    supportEmail: mail.supportEmail,
    worker: {
      pollIntervalMs: mail.pollIntervalMs,
      concurrency: mail.concurrency,
      maxAttempts: mail.maxAttempts,
      retryBaseDelayMs: mail.retryBaseDelayMs,
      retryMaxDelayMs: mail.retryMaxDelayMs,
      claimLeaseMs: mail.claimLeaseMs,
    },
  };
}

/**
 * E-mail: other modules import this one, inject `Outbox` and enqueue; the delivery worker that
 * every API instance runs sends what is due (ADR 0016). `OutboxQueries` is the back-office's read
 * side.
 */
@Module({
  imports: [
    PrunersModule,
    MongooseModule.forFeature([
      { name: OutboxRecord.name, schema: OutboxSchema },
      { name: OutboxClaimRecord.name, schema: OutboxClaimSchema },
    ]),
  ],
  providers: [
    MongoOutboxStore,
    fromConfig(MAIL_SETTINGS, mailSettingsOf),
    fromConfig(
      MailTransport,
      ({ mail }) =>
        new NodemailerMailTransport({
          url: mail.smtpUrl,
          requireTls: mail.requireTls,
          from: mail.from,
          replyTo: mail.supportEmail,
          timeoutMs: mail.sendTimeoutMs,
          maxConnections: mail.concurrency,
        }),
    ),
    { provide: OutboxStore, useExisting: MongoOutboxStore },
    { provide: OutboxQueries, useExisting: MongoOutboxStore },
    // One registry per app (its listeners are that app's), never shared by two apps in a process.
    { provide: MailDeliveryReports, useFactory: () => new MailDeliveryReports() },
    OutboxWorker,
    {
      provide: Outbox,
      inject: [MongoOutboxStore, OutboxWorker],
      useFactory: (store: MongoOutboxStore, worker: OutboxWorker) =>
        new WakingOutbox(store, worker),
    },
  ],
  exports: [Outbox, OutboxQueries, MailDeliveryReports],
})
export class MailModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly worker: OutboxWorker,
    private readonly database: DatabaseReady,
    private readonly pruners: Pruners,
    @InjectModel(OutboxRecord.name) private readonly messages: Model<OutboxRecord>,
    @InjectModel(OutboxClaimRecord.name) private readonly claims: Model<OutboxClaimRecord>,
  ) {}

  /** Sent and failed mail, and spent claims, are removed after their periods (the retention job). */
  onModuleInit(): void {
    for (const pruner of outboxPruners(this.messages, this.claims)) this.pruners.register(pruner);
  }

  /** The worker's first pass waits for the database connection (none fails before it opens). */
  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      this.worker.start();
    });
  }

  /** Before the database closes (onApplicationShutdown): the sends in flight get recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.stop();
  }
}
