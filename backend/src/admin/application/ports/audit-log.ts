import type { AuditEvent, NewAuditEvent } from '../../domain/audit-event.js';

export interface AuditLogPage {
  readonly items: readonly AuditEvent[];
  readonly total: number;
}

/** Append-only: events are added and read, never changed or removed (no method does either). */
export abstract class AuditLog {
  abstract append(event: NewAuditEvent): Promise<void>;

  /** Newest first; `page` from 1. */
  abstract list(page: number, pageSize: number): Promise<AuditLogPage>;
}
