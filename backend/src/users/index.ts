/** Users' wiring face: the Nest module, and the contract (users.contract.ts). */
export * from './users.contract.js';
export { UsersModule } from './users.module.js';
