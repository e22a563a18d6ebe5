/**
 * The back-office's contract face: the audit log other features write to (the retention job
 * records what it erased), and its event types. Nothing from Nest's wiring or Mongoose.
 */
export { AuditLog } from './application/ports/audit-log.js';
export { ReconciliationSummary } from './application/ports/reconciliation-summary.js';
export { SYSTEM_ACTOR, type AuditDetails, type NewAuditEvent } from './domain/audit-event.js';
