import { Module, type OnModuleInit } from '@nestjs/common';
import { AuditLogModule } from '../admin/index.js';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { DealsModule } from '../deals/index.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { MailModule } from '../mail/index.js';
import { SmsModule } from '../sms/index.js';
import { PrunersModule } from '../retention/index.js';
import { LinkTokens } from '../link-tokens/link-tokens.contract.js';
import { MailDeliveryReports } from '../mail/mail.contract.js';
import { SmsDeliveryReports } from '../sms/sms.contract.js';
import { Pruners } from '../retention/retention.contract.js';
import { unsubscribeLinksPruner } from './infrastructure/unsubscribe-links-pruner.js';
import { FollowDealHistory, SendDueReminders } from './application/follow-deal-history.js';
import { InAppNotices, NoticeHistory } from './application/in-app-notices.js';
import { NoticeDelivery } from './application/notice-delivery.js';
import {
  NotificationsSettings,
  SmsNoticeTemplateIds,
} from './application/notifications-settings.js';
import { DealTimeline } from './application/deal-timeline.use-case.js';
import { InvoiceNotices, SendInvoiceNotices } from './application/invoice-notices.js';
import { NudgeBrand } from './application/nudge-brand.use-case.js';
import {
  DealHistoryFeed,
  DealSends,
  DeliveryClaims,
  NudgeClaims,
  InAppInbox,
  PreferencesStore,
  ReminderQueue,
} from './application/ports/notification-ports.js';
import { MongoDealHistoryFeed } from './infrastructure/mongo-deal-history-feed.js';
import { MongoDealSends } from './infrastructure/mongo-deal-sends.js';
import { MongoInAppInbox } from './infrastructure/mongo-in-app-inbox.js';
import {
  MongoDeliveryClaims,
  MongoNudgeClaims,
  MongoPreferencesStore,
  MongoReminderQueue,
} from './infrastructure/mongo-notification-stores.js';
import { NotificationsWorker } from './infrastructure/notifications-worker.js';
import { AccountNotices } from './application/account-notices.use-case.js';
import { RecipientErasure } from './application/ports/recipient-erasure.js';
import { MongoRecipientErasure } from './infrastructure/mongo-recipient-erasure.js';
import { NotificationInbox, UnsubscribeLinks } from './application/notifications.use-case.js';
import { NotificationsController } from './presentation/notifications.controller.js';
import { UnsubscribeController } from './presentation/unsubscribe.controller.js';
import {
  AdminNotificationsController,
  AdminNudgesController,
} from './presentation/admin-notifications.controller.js';
import {
  BrandDealTimelineController,
  DealTimelineController,
} from './presentation/deal-timeline.controller.js';

/**
 * Notifications (#39): a follower of the deals' history turns each move that leaves money waiting
 * on someone into notices (in-app, e-mail through the mail outbox), and sends the reminders of
 * the schedule when due, each once per person, event and channel.
 */
@Module({
  imports: [
    AuditLogModule,
    AuthModule,
    DealsModule,
    LinkTokensModule,
    MailModule,
    PrunersModule,
    SmsModule,
  ],
  controllers: [
    NotificationsController,
    UnsubscribeController,
    AdminNotificationsController,
    AdminNudgesController,
    DealTimelineController,
    BrandDealTimelineController,
  ],
  providers: [
    FollowDealHistory,
    SendDueReminders,
    NoticeDelivery,
    NotificationInbox,
    UnsubscribeLinks,
    NotificationsWorker,
    InAppNotices,
    NoticeHistory,
    DealTimeline,
    NudgeBrand,
    { provide: InvoiceNotices, useClass: SendInvoiceNotices },
    { provide: NudgeClaims, useClass: MongoNudgeClaims },
    { provide: DealSends, useClass: MongoDealSends },
    AccountNotices,
    { provide: DealHistoryFeed, useClass: MongoDealHistoryFeed },
    { provide: InAppInbox, useClass: MongoInAppInbox },
    { provide: DeliveryClaims, useClass: MongoDeliveryClaims },
    { provide: ReminderQueue, useClass: MongoReminderQueue },
    { provide: PreferencesStore, useClass: MongoPreferencesStore },
    { provide: RecipientErasure, useClass: MongoRecipientErasure },
    fromConfig(NotificationsSettings, ({ auth }) => new NotificationsSettings(auth.publicUrl)),
    fromConfig(SmsNoticeTemplateIds, ({ sms }) => new SmsNoticeTemplateIds(sms.noticeTemplateIds)),
  ],
  // The account's erasure forgets its notices (#41).
  exports: [
    NotificationsWorker,
    InAppNotices,
    InvoiceNotices,
    AccountNotices,
    NoticeHistory,
    RecipientErasure,
  ],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly pruners: Pruners,
    private readonly links: LinkTokens,
    private readonly timeline: DealTimeline,
    private readonly mailReports: MailDeliveryReports,
    private readonly smsReports: SmsDeliveryReports,
  ) {}

  /**
   * The unsubscribe links are pruned by the retention job, a while after they expired; the
   * outboxes' reports move the deal timeline's sends.
   */
  onModuleInit(): void {
    this.pruners.register(unsubscribeLinksPruner(this.links));
    for (const reports of [this.mailReports, this.smsReports]) {
      reports.listen((report) => this.timeline.onReport(report));
    }
  }
}
