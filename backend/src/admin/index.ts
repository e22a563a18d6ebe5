/** The back-office's wiring face: its Nest modules, and its contract (admin.contract.ts). */
export * from './admin.contract.js';
export { AdminModule } from './admin.module.js';
export { AuditLogModule } from './audit-log.module.js';
