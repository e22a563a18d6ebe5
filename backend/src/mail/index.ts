/** Mail's wiring face: its Nest module (the delivery worker's lifecycle), and its contract. */
export * from './mail.contract.js';
export { MailModule } from './mail.module.js';
