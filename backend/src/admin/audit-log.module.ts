import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RetentionReports } from '../retention/retention.contract.js';
import { AuditLog } from './application/ports/audit-log.js';
import { AuditLogRetentionReports } from './infrastructure/audit-log-retention-reports.js';
import { AuditRecord, AuditRecordSchema, MongoAuditLog } from './infrastructure/mongo-audit-log.js';

/**
 * The back-office's audit log on its own (ADR 0062): the payments module (disputes decided) and
 * the retention job (its figures, through its RetentionReports port) write to it without
 * importing the back-office, whose overview reads the payments' reconciliation.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: AuditRecord.name, schema: AuditRecordSchema }])],
  providers: [
    { provide: AuditLog, useClass: MongoAuditLog },
    { provide: RetentionReports, useClass: AuditLogRetentionReports },
  ],
  exports: [AuditLog, RetentionReports],
})
export class AuditLogModule {}
