import type { AuditEvent, NewAuditEvent } from '../../domain/audit-event.js';

export interface AuditLogPage {
  readonly items: readonly AuditEvent[];
  readonly total: number;
}

/**
 * Append-only: events are added and read, never removed; the one change is forgetting an erased
 * waitlist entry's id in the events that named it (the event and its counts stay).
 */
export abstract class AuditLog {
  abstract append(event: NewAuditEvent): Promise<void>;

  /** Appends the event under `id` unless an event with that id exists (a resumed job's report). */
  abstract appendOnce(id: string, event: NewAuditEvent): Promise<void>;

  /** Removes the entry's id from the details of every event naming it. Idempotent. */
  abstract forgetEntry(entryId: string): Promise<void>;

  /** Newest first; `page` from 1. */
  abstract list(page: number, pageSize: number): Promise<AuditLogPage>;
}
