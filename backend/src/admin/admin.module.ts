import { type DynamicModule, Module, type OnModuleInit, type Type } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { InvitesModule } from '../invites/index.js';
import { MailModule } from '../mail/index.js';
import { SmsModule } from '../sms/index.js';
import { EntryDataHolders, WaitlistModule } from '../waitlist/index.js';
import { ExportWaitlist } from './application/export-waitlist.use-case.js';
import { GetWaitlistOverview } from './application/get-waitlist-overview.use-case.js';
import {
  GetWaitlistEntry,
  ListWaitlistEntries,
} from './application/list-waitlist-entries.use-case.js';
import { ListAuditLog } from './application/list-audit-log.use-case.js';
import { ListOutboxMessages, RetryOutboxMessage } from './application/mail-outbox.use-case.js';
import { AdminSettings } from './application/ports/admin-settings.js';
import { AuditLog } from './application/ports/audit-log.js';
import { AuditLogModule } from './audit-log.module.js';
import { ExportAllowance } from './application/ports/export-allowance.js';
import { MongoExportAllowance } from './infrastructure/mongo-export-allowance.js';
import { AdminAuditLogController } from './presentation/admin-audit-log.controller.js';
import { AdminMailController } from './presentation/admin-mail.controller.js';
import { AdminInvitesController } from './presentation/admin-invites.controller.js';
import { InviteWaitlistEntries, RevokeEntryInvite } from './application/invite-waves.use-case.js';
import { AdminWaitlistController } from './presentation/admin-waitlist.controller.js';

/**
 * The back-office: read models and use cases over other modules' read sides (the waitlist's
 * WaitlistDirectory, the mail module's OutboxQueries), the audit log, exports. Every operation needs the admin role (@Roles).
 * `ReconciliationSummary` (admin.contract.ts) comes from the module given to `forRoot` (the
 * payments' summary, in the app's wiring), so the back-office never imports payments (ADR 0062).
 */
@Module({
  imports: [AuthModule, WaitlistModule, InvitesModule, SmsModule, MailModule, AuditLogModule],
  controllers: [
    AdminWaitlistController,
    AdminAuditLogController,
    AdminMailController,
    AdminInvitesController,
  ],
  providers: [
    ListWaitlistEntries,
    GetWaitlistEntry,
    GetWaitlistOverview,
    ExportWaitlist,
    ListAuditLog,
    ListOutboxMessages,
    RetryOutboxMessage,
    InviteWaitlistEntries,
    RevokeEntryInvite,
    { provide: ExportAllowance, useClass: MongoExportAllowance },
    fromConfig(AdminSettings, ({ admin }) => new AdminSettings(admin.exportsPerMinute)),
  ],
})
export class AdminModule implements OnModuleInit {
  constructor(
    private readonly holders: EntryDataHolders,
    private readonly auditLog: AuditLog,
  ) {}

  static forRoot(reconciliation: Type | DynamicModule): DynamicModule {
    return { module: AdminModule, imports: [reconciliation] };
  }

  /** An erased entry's id leaves the audit log's details (the events and their counts stay). */
  onModuleInit(): void {
    this.holders.register({
      addressesOf: () => Promise.resolve([]),
      forget: (entryId) => this.auditLog.forgetEntry(entryId),
    });
  }
}
