import { type DynamicModule, Module } from '@nestjs/common';
import { AdminModule, AuditLogModule } from './admin/index.js';
import { AuthModule } from './auth/index.js';
import { BrandsModule } from './brands/index.js';
import { ClockModule } from './common/clock.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DealsModule } from './deals/index.js';
import { HealthModule } from './health/health.module.js';
import { InsightsModule } from './insights/index.js';
import { InvitesModule } from './invites/index.js';
import { InvoicesModule } from './invoices/index.js';
import { LedgerModule } from './ledger/index.js';
import { LoggingModule } from './logging/logging.module.js';
import { MailModule } from './mail/index.js';
import { MetricsModule } from './metrics/index.js';
import { MediaKitModule } from './media-kit/index.js';
import { NotificationsModule } from './notifications/index.js';
import { AccountDataModule } from './account-data/index.js';
import { SupportModule } from './support/index.js';
import { ProfilePhotosModule } from './profile-photos/index.js';
import { PaymentGatewayModule } from './payment-gateway/index.js';
import { PaymentsModule, PaymentsSummaryModule } from './payments/index.js';
import { PayoutsModule } from './payouts/index.js';
import { RetentionModule } from './retention/index.js';
import { SmsModule } from './sms/index.js';
import { RateLimitModule } from './rate-limit/index.js';
import { UsersModule } from './users/index.js';
import { WaitlistModule } from './waitlist/index.js';
import { WalletModule } from './wallet/index.js';
import { ReportsModule } from './reports/index.js';

@Module({})
export class AppModule {
  /** Takes the already validated configuration, so tests pass their own without process.env. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        LoggingModule.forRoot(config),
        DatabaseModule,
        MailModule,
        HealthModule,
        RateLimitModule,
        UsersModule,
        AuthModule,
        WaitlistModule,
        InvitesModule,
        // The payments' reconciliation summary feeds the admin overview; the waitlist's erasure
        // and the audit log serve the retention job: handed in here, so neither module imports
        // the higher one (ADR 0062).
        AdminModule.forRoot(PaymentsSummaryModule),
        RetentionModule.forRoot(WaitlistModule, AuditLogModule),
        MetricsModule,
        SmsModule,
        // The deals module provides brands' BrandDealInvitations (a deal sent to a number).
        BrandsModule.forRoot(DealsModule),
        DealsModule,
        LedgerModule,
        PaymentGatewayModule,
        PaymentsModule,
        PayoutsModule,
        InvoicesModule,
        WalletModule,
        ReportsModule,
        NotificationsModule,
        AccountDataModule,
        SupportModule,
        ProfilePhotosModule,
        MediaKitModule,
        InsightsModule,
      ],
    };
  }
}
