/** The back-office's wiring face: its Nest module, and its contract (admin.contract.ts). */
export * from './admin.contract.js';
export { AdminModule } from './admin.module.js';
