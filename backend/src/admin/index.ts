/** What other modules may use of the back-office. */
export { AdminModule } from './admin.module.js';
export { AuditLog } from './application/ports/audit-log.js';
export { SYSTEM_ACTOR, type AuditDetails, type NewAuditEvent } from './domain/audit-event.js';
