import { Injectable } from '@nestjs/common';
import { ContractDocuments, currentContract, type Deal } from '../../deals/deals.contract.js';
import { type ContractPdf, ContractPdfs } from '../application/ports/contract-pdfs.js';

/**
 * The deals module's stored contract documents, read as its own PDF download reads them: the
 * current version's signed copy once both accepted, else the contract as sent. One read a deal.
 */
@Injectable()
export class DealContractPdfs extends ContractPdfs {
  constructor(private readonly documents: ContractDocuments) {
    super();
  }

  async of(deals: readonly Deal[]): Promise<ContractPdf[]> {
    const found: ContractPdf[] = [];
    for (const deal of deals) {
      const current = currentContract(deal);
      if (!current) continue;
      const signed = current.signedSha256 !== null;
      const stored = await this.documents.find(
        deal.id,
        deal.version,
        signed ? 'signed' : 'contract',
      );
      if (stored) found.push({ dealId: deal.id, signed, pdf: stored.pdf });
    }
    return found;
  }
}
