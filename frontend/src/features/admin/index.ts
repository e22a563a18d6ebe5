// The back-office loads as one chunk, never with the landing page or the creator dashboard.
export { AdminRoutes } from './components/admin-routes';
export { AdminAuditLogPage } from './components/audit-log-page';
export { AdminOverviewPage } from './components/overview-page';
export { AdminMailPage } from './components/mail-page';
export { AdminShell } from './components/admin-shell';
export { AdminWaitlistPage } from './components/waitlist-page';
