import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Collection, type Connection, mongo } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import {
  ContractDocuments,
  type ContractDocumentKind,
  type StoredContractDocument,
} from '../application/ports/contract-documents.js';

interface ContractDocumentRecord {
  /** `${dealId}:${version}:${kind}` */
  _id: string;
  dealId: string;
  version: number;
  kind: ContractDocumentKind;
  html: string;
  pdf: mongo.Binary;
  sha256: string;
  createdAt: Date;
}

const idOf = (dealId: string, version: number, kind: ContractDocumentKind) =>
  `${dealId}:${String(version)}:${kind}`;

/** Rendered contracts in `deal_documents`, keyed by deal, version and kind (no index to build). */
@Injectable()
export class MongoContractDocuments extends ContractDocuments {
  private readonly collection: Collection<ContractDocumentRecord>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.collection = connection.collection<ContractDocumentRecord>('deal_documents');
  }

  /** A draft re-sent after a lost race renders again: the newest rendering replaces the old one. */
  async save(document: StoredContractDocument): Promise<void> {
    const { dealId, version, kind, html, pdf, sha256, createdAt } = document;
    await this.collection.replaceOne(
      { _id: idOf(dealId, version, kind) },
      { dealId, version, kind, html, pdf: new mongo.Binary(pdf), sha256, createdAt },
      { upsert: true },
    );
  }

  async find(
    dealId: string,
    version: number,
    kind: ContractDocumentKind,
  ): Promise<StoredContractDocument | undefined> {
    const found = await this.collection.findOne({ _id: idOf(dealId, version, kind) });
    if (!found) return undefined;
    return {
      ...pick(found, ['dealId', 'version', 'kind', 'html', 'sha256', 'createdAt']),
      pdf: new Uint8Array(found.pdf.buffer),
    };
  }
}
