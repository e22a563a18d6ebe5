import { Injectable } from '@nestjs/common';
import { type AuditLogPage, AuditLog } from './ports/audit-log.js';

@Injectable()
export class ListAuditLog {
  constructor(private readonly auditLog: AuditLog) {}

  execute(page: number, pageSize: number): Promise<AuditLogPage> {
    return this.auditLog.list(page, pageSize);
  }
}
