import { AuditLog, type AuditLogPage } from '../../src/admin/application/ports/audit-log.js';
import type { AuditEvent, NewAuditEvent } from '../../src/admin/domain/audit-event.js';

/** The audit log in memory: what was appended, in order, with ids. */
export class InMemoryAuditLog extends AuditLog {
  readonly stored: AuditEvent[] = [];
  private nextId = 1;

  /** The events as appended, without their ids. */
  get events(): readonly NewAuditEvent[] {
    return this.stored.map(({ at, actor, action, details }) => ({ at, actor, action, details }));
  }

  append(event: NewAuditEvent): Promise<void> {
    this.stored.push({ ...event, id: String(this.nextId++) });
    return Promise.resolve();
  }

  appendOnce(id: string, event: NewAuditEvent): Promise<void> {
    if (!this.stored.some((stored) => stored.id === id)) this.stored.push({ ...event, id });
    return Promise.resolve();
  }

  forgetEntry(entryId: string): Promise<void> {
    for (const [index, event] of this.stored.entries()) {
      if (event.details.entryId !== entryId) continue;
      const details = { ...event.details };
      delete details.entryId;
      this.stored[index] = { ...event, details };
    }
    return Promise.resolve();
  }

  list(page: number, pageSize: number): Promise<AuditLogPage> {
    const newestFirst = [...this.stored].reverse();
    return Promise.resolve({
      items: newestFirst.slice((page - 1) * pageSize, page * pageSize),
      total: this.stored.length,
    });
  }
}
