import { Module } from '@nestjs/common';
import { RetentionReports } from '../retention/retention.contract.js';
import { AuditLog } from './application/ports/audit-log.js';
import { AuditLogRetentionReports } from './infrastructure/audit-log-retention-reports.js';
import { MongoAuditLog } from './infrastructure/mongo-audit-log.js';

/**
 * The back-office's audit log on its own (ADR 0062): the payments module (disputes decided) and
 * the retention job (its figures, through its RetentionReports port) write to it without
 * importing the back-office, whose overview reads the payments' reconciliation.
 */
@Module({
  providers: [
    { provide: AuditLog, useClass: MongoAuditLog },
    { provide: RetentionReports, useClass: AuditLogRetentionReports },
  ],
  exports: [AuditLog, RetentionReports],
})
export class AuditLogModule {}
