import { Injectable } from '@nestjs/common';
import { type RetentionFigures, RetentionReports } from '../../retention/retention.contract.js';
import { AuditLog } from '../application/ports/audit-log.js';
import { type NewAuditEvent, SYSTEM_ACTOR } from '../domain/audit-event.js';

/** The retention job's figures as `retention.applied` events of the system in the audit log. */
@Injectable()
export class AuditLogRetentionReports extends RetentionReports {
  constructor(private readonly auditLog: AuditLog) {
    super();
  }

  recordOnce(id: string, at: Date, figures: RetentionFigures): Promise<void> {
    return this.auditLog.appendOnce(id, eventOf(at, figures));
  }

  record(at: Date, figures: RetentionFigures): Promise<void> {
    return this.auditLog.append(eventOf(at, figures));
  }
}

function eventOf(at: Date, { erasedEntries, pruned }: RetentionFigures): NewAuditEvent {
  return {
    at,
    actor: SYSTEM_ACTOR,
    action: 'retention.applied',
    details: { erasedEntries, ...(pruned && { pruned }) },
  };
}
