import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  auditTrailSection,
  type ContractDocument,
  contractDocument,
  contractHtml,
} from '../domain/contract-template.js';
import type { BrandBilling } from '../domain/brand-billing.js';
import type { AcceptanceRecord, Deal } from '../domain/deal.js';
import { ContractPdfRenderer } from './ports/contract-documents.js';

export interface RenderedContract {
  readonly document: ContractDocument;
  readonly html: string;
  readonly pdf: Uint8Array;
  readonly sha256: string;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Renders a deal's contract (and, once accepted, the signed copy with its audit trail). */
@Injectable()
export class ContractPublisher {
  constructor(private readonly renderer: ContractPdfRenderer) {}

  documentOf(deal: Deal, creator: { name: string; email: string }, at: Date): ContractDocument {
    return contractDocument({
      dealId: deal.id,
      version: deal.version,
      creator,
      terms: deal,
      renderedAt: at,
    });
  }

  async render(document: ContractDocument): Promise<RenderedContract> {
    const pdf = await this.renderer.render(document);
    return { document, html: contractHtml(document), pdf, sha256: sha256Of(pdf) };
  }

  /** The contract as accepted, plus a last page: both acceptance records and the contract's hash. */
  async renderSigned(
    document: ContractDocument,
    contractSha256: string,
    acceptances: readonly AcceptanceRecord[],
    brandBilling?: BrandBilling,
  ): Promise<RenderedContract> {
    return this.render({
      ...document,
      sections: [
        ...document.sections,
        auditTrailSection(contractSha256, acceptances, brandBilling),
      ],
    });
  }
}
