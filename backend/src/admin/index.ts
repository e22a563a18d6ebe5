/** What other modules may use of the back-office. */
export { AdminModule } from './admin.module.js';
