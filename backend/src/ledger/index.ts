/** The ledger's wiring face: the Nest module (see ledger.contract.ts for the domain face). */
export { LedgerModule } from './ledger.module.js';
