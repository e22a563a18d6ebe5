import type { Deal } from '../../../deals/deals.contract.js';

/** A deal's contract as the parties have it: the signed copy once accepted, else the one sent. */
export interface ContractPdf {
  readonly dealId: string;
  readonly signed: boolean;
  readonly pdf: Uint8Array;
}

/** The stored contract PDFs of the deals given (a draft, never sent, has none). */
export abstract class ContractPdfs {
  abstract of(deals: readonly Deal[]): Promise<ContractPdf[]>;
}
