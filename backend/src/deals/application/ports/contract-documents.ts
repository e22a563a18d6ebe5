import type { ContractDocument } from '../../domain/contract-template.js';

export type ContractDocumentKind = 'contract' | 'signed';

export interface StoredContractDocument {
  readonly dealId: string;
  readonly version: number;
  readonly kind: ContractDocumentKind;
  readonly html: string;
  readonly pdf: Uint8Array;
  readonly sha256: string;
  readonly createdAt: Date;
}

/**
 * The exact bytes each party was shown and signed: stored once rendered, so the SHA-256 recorded
 * with an acceptance is always the hash of what is served afterwards.
 */
export abstract class ContractDocuments {
  abstract save(document: StoredContractDocument): Promise<void>;
  abstract find(
    dealId: string,
    version: number,
    kind: ContractDocumentKind,
  ): Promise<StoredContractDocument | undefined>;
}

/** Turns a contract into PDF bytes (adapter: pdfmake). */
export abstract class ContractPdfRenderer {
  abstract render(document: ContractDocument): Promise<Uint8Array>;
}
