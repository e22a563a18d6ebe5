/** The ledger's wiring face: the Nest module (see ledger.contract.ts for the domain face). */
export { LedgerModule } from './ledger.module.js';
/** The ledger's store, for the integration tests of modules that read it (invoices). */
export { MongoLedger } from './infrastructure/mongo-ledger.js';
/** Its reader and feed ports over that store, for what is built without Nest. */
export { ledgerPortsOf } from './infrastructure/ledger-ports.js';
