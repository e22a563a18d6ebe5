/** The waitlist's wiring face: its Nest module, and its contract (waitlist.contract.ts). */
export * from './waitlist.contract.js';
export { WaitlistModule } from './waitlist.module.js';
