/** The invoices' wiring face: the Nest module (see invoices.contract.ts for the domain face). */
export { InvoicesModule } from './invoices.module.js';
export { Invoicing } from './application/invoicing.use-case.js';
export { BrandBooks } from './application/brand-books.use-case.js';
