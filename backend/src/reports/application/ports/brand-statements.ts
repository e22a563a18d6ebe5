import type { BrandStatement } from '../../../invoices/invoices.contract.js';

/** A brand workspace's statement for one financial year, from its books (the invoices module). */
export abstract class BrandStatements {
  abstract statementOf(brandId: string, financialYear: string): Promise<BrandStatement>;
}
