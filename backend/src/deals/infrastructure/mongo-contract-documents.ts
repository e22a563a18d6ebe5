import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type Model, mongo } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import {
  ContractDocuments,
  type ContractDocumentKind,
  type StoredContractDocument,
} from '../application/ports/contract-documents.js';

export const CONTRACT_DOCUMENTS_COLLECTION = 'deal_documents';

/** A rendered contract: its HTML, its PDF and the PDF's SHA-256. */
@Schema({
  collection: CONTRACT_DOCUMENTS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class ContractDocumentRecord {
  /** `${dealId}:${version}:${kind}` */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  dealId!: string;

  @Prop({ type: Number, required: true })
  version!: number;

  @Prop({ type: String, required: true })
  kind!: ContractDocumentKind;

  @Prop({ type: String, required: true })
  html!: string;

  @Prop({ type: Buffer, required: true })
  pdf!: mongo.Binary;

  @Prop({ type: String, required: true })
  sha256!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}

export const ContractDocumentSchema = SchemaFactory.createForClass(ContractDocumentRecord);

const idOf = (dealId: string, version: number, kind: ContractDocumentKind) =>
  `${dealId}:${String(version)}:${kind}`;

/** Rendered contracts in `deal_documents`, keyed by deal, version and kind (no index to build). */
@Injectable()
export class MongoContractDocuments extends ContractDocuments {
  constructor(
    @InjectModel(ContractDocumentRecord.name)
    private readonly documents: Model<ContractDocumentRecord>,
  ) {
    super();
  }

  /** A draft re-sent after a lost race renders again: the newest rendering replaces the old one. */
  async save(document: StoredContractDocument): Promise<void> {
    const { dealId, version, kind, html, pdf, sha256, createdAt } = document;
    await this.documents
      .replaceOne(
        { _id: idOf(dealId, version, kind) },
        { dealId, version, kind, html, pdf: new mongo.Binary(pdf), sha256, createdAt },
        { upsert: true },
      )
      .exec();
  }

  async find(
    dealId: string,
    version: number,
    kind: ContractDocumentKind,
  ): Promise<StoredContractDocument | undefined> {
    const found = await this.documents
      .findById(idOf(dealId, version, kind))
      .lean<ContractDocumentRecord>()
      .exec();
    if (!found) return undefined;
    return {
      ...pick(found, ['dealId', 'version', 'kind', 'html', 'sha256', 'createdAt']),
      pdf: new Uint8Array(found.pdf.buffer),
    };
  }
}
