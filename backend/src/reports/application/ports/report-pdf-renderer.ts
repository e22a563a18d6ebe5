import type { BrandStatement } from '../../../invoices/invoices.contract.js';
import type { LedgerExtract } from '../../domain/ledger-extract.js';
import type { Statement } from '../../domain/statement.js';

/** Who a report is for, as its PDF heads it. */
export interface ReportHolder {
  readonly name: string;
  readonly email: string | null;
}

export abstract class ReportPdfRenderer {
  abstract statement(statement: Statement, holder: ReportHolder): Promise<Uint8Array>;
  abstract brandStatement(statement: BrandStatement, holder: ReportHolder): Promise<Uint8Array>;
  abstract ledgerExtract(extract: LedgerExtract, holder: ReportHolder): Promise<Uint8Array>;
}
