/** The notifications' wiring face: the Nest module (see notifications.contract.ts for the rest). */
export { NotificationsModule } from './notifications.module.js';
export { NotificationsWorker } from './infrastructure/notifications-worker.js';
