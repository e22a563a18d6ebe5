import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { InvalidCursorError, newestFirstKey, pageCursors } from '../../database/page-cursors.js';
import { InvalidRequestsCursorError } from '../domain/package-request.errors.js';
import { schemaIndexes } from '../../database/schema-indexes.js';
import type { PackageRequest, PackageRequestState } from '../domain/package-request.js';
import type { DraftBrand } from '../domain/package-draft.js';
import type { RatePackage } from '../domain/rate-package.js';
import {
  type PackageRequestPage,
  PackageRequestStore,
} from '../application/ports/package-requests.store.js';

const CURSOR_LIST = 'media-kit-package-requests';

/**
 * One document per request. `_id` is `<creatorId>:<newest-first key>`, so a creator's requests
 * are one key range, newest first; `id` is the request's own id (in addresses).
 */
@Schema({ collection: 'media_kit_package_requests', versionKey: false, autoIndex: false })
export class PackageRequestRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  id!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  /** The package as it was when requested. */
  @Prop({ type: Object, required: true })
  package!: RatePackage;

  @Prop({ type: Object, required: true })
  brand!: DraftBrand;

  @Prop({ type: String, default: null })
  brandAccountId!: string | null;

  @Prop({ type: String, required: true })
  brief!: string;

  @Prop({ type: String, required: true })
  startDate!: string;

  @Prop({ type: String, required: true })
  endDate!: string;

  @Prop({ type: String, required: true })
  state!: PackageRequestState;

  @Prop({ type: Date, required: true })
  requestedAt!: Date;

  @Prop({ type: Date, default: null })
  decidedAt!: Date | null;

  @Prop({ type: String, default: null })
  declineReason!: string | null;

  @Prop({ type: String, default: null })
  dealId!: string | null;
}

export const PackageRequestSchema = SchemaFactory.createForClass(PackageRequestRecord);
PackageRequestSchema.index({ id: 1 }, { unique: true });
PackageRequestSchema.index({ creatorId: 1 });

/** A request's answer, claimed once: `_id` is the request's id. */
@Schema({ collection: 'media_kit_package_request_answers', versionKey: false, autoIndex: false })
export class PackageRequestAnswerRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  answer!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const PackageRequestAnswerSchema = SchemaFactory.createForClass(PackageRequestAnswerRecord);

function toRequest(record: PackageRequestRecord): PackageRequest {
  return {
    id: record.id,
    creatorId: record.creatorId,
    package: record.package,
    brand: record.brand,
    brandAccountId: record.brandAccountId,
    brief: record.brief,
    startDate: record.startDate,
    endDate: record.endDate,
    state: record.state,
    requestedAt: record.requestedAt,
    decidedAt: record.decidedAt,
    declineReason: record.declineReason,
    dealId: record.dealId,
  };
}

function keyOf(request: PackageRequest): string {
  return `${request.creatorId}:${newestFirstKey(request.requestedAt, request.id)}`;
}

/** Requests in MongoDB; each answer is an insert against its unique `_id` (claim-once). */
@Injectable()
export class MongoPackageRequests extends PackageRequestStore {
  private readonly answers: ClaimOnce<FieldsOf<PackageRequestAnswerRecord>>;
  private readonly indexes = new IndexesBeforeFirstWrite(() =>
    createCollectionsAndIndexes(
      this.requests.db,
      [this.requests.collection.collectionName],
      this.requests.collection,
      schemaIndexes(this.requests),
    ),
  );

  constructor(
    @InjectModel(PackageRequestRecord.name)
    private readonly requests: Model<PackageRequestRecord>,
    @InjectModel(PackageRequestAnswerRecord.name) answerModel: Model<PackageRequestAnswerRecord>,
  ) {
    super();
    this.answers = new ClaimOnce(answerModel.db, claimCollectionOf(answerModel));
  }

  nextId(): string {
    return randomUUID();
  }

  async insert(request: PackageRequest): Promise<void> {
    await this.indexes.ensure();
    await this.requests.create({ _id: keyOf(request), ...request });
  }

  async findOwned(creatorId: string, id: string): Promise<PackageRequest | undefined> {
    const record = await this.requests
      .findOne({ id, creatorId })
      .lean<PackageRequestRecord>()
      .exec();
    return record ? toRequest(record) : undefined;
  }

  async page(creatorId: string, before: string | null, limit: number): Promise<PackageRequestPage> {
    const after = before === null ? `${creatorId}:` : this.decode(creatorId, before);
    const records = await this.requests
      .find({ _id: { $gt: after, $lt: `${creatorId};` } })
      .sort({ _id: 1 })
      .limit(limit + 1)
      .lean<PackageRequestRecord[]>()
      .exec();
    const items = records.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(toRequest),
      nextBefore:
        records.length > limit && last
          ? pageCursors.encode(creatorId, CURSOR_LIST, last._id)
          : null,
    };
  }

  private decode(creatorId: string, cursor: string): string {
    try {
      return pageCursors.decode(creatorId, CURSOR_LIST, cursor);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new InvalidRequestsCursorError();
      throw error;
    }
  }

  async allOf(creatorId: string): Promise<PackageRequest[]> {
    const records = await this.requests
      .find({ _id: { $gt: `${creatorId}:`, $lt: `${creatorId};` } })
      .lean<PackageRequestRecord[]>()
      .exec();
    return records.map(toRequest);
  }

  claimAnswer(
    id: string,
    answer: Exclude<PackageRequestState, 'requested'>,
    at: Date,
  ): Promise<boolean> {
    return this.answers.claim({ _id: id, answer, at });
  }

  async releaseAnswer(id: string): Promise<void> {
    await this.answers.remove({ _id: id });
  }

  async save(request: PackageRequest): Promise<void> {
    await this.requests
      .replaceOne({ _id: keyOf(request) }, { _id: keyOf(request), ...request })
      .exec();
  }
}
