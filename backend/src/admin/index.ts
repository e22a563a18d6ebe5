/** The back-office's wiring face: its Nest module (admin.contract.ts offers nothing yet). */
export { AdminModule } from './admin.module.js';
