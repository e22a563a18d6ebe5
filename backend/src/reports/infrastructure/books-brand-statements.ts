import { Injectable } from '@nestjs/common';
import { BrandBooks } from '../../invoices/index.js';
import type { BrandStatement } from '../../invoices/invoices.contract.js';
import { BrandStatements } from '../application/ports/brand-statements.js';

/** The brand's statement from its books: one keyed read of the year's rows. */
@Injectable()
export class BooksBrandStatements extends BrandStatements {
  constructor(private readonly books: BrandBooks) {
    super();
  }

  statementOf(brandId: string, financialYear: string): Promise<BrandStatement> {
    return this.books.statement(brandId, financialYear);
  }
}
