import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import type { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { schemaIndexesBeforeFirstWrite } from '../../database/schema-indexes.js';
import {
  type BrandContact,
  type DealListQuery,
  type DealPage,
  DealRepository,
  type DealSummary,
} from '../application/ports/deal.repository.js';
import type { Deal, DealSort } from '../domain/deal.js';
import { type DealDocument, DealRecord, toDeal, toDocument } from './deal-document.js';
import { snapshotOf } from './read-model/deal-list-snapshot.js';
import { MongoDealLists } from './read-model/mongo-deal-lists.js';

export { DEALS_COLLECTION } from './deal-document.js';
/** One document per claimed revision of a deal: `${dealId}:${revision}`, unique by nature. */
export const DEAL_CLAIMS_COLLECTION = 'deal_claims';

/** A won claim: the deal as its winner wrote it, kept so that anyone can finish the write. */
@Schema({
  collection: DEAL_CLAIMS_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class DealClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  dealId!: string;

  @Prop({ type: Number, required: true })
  revision!: number;

  /** The deal as stored (see DealRecord), kept as it is. */
  @Prop({ type: Object, required: true })
  next!: DealDocument;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export type DealClaimDocument = FieldsOf<DealClaimRecord>;

export const DealClaimSchema = SchemaFactory.createForClass(DealClaimRecord);
DealClaimSchema.index({ at: 1 }, { name: 'at' });

/** The deals' claims, through the claim-once kit. */
export function dealClaimsOf(model: Model<DealClaimRecord>): ClaimOnce<DealClaimDocument> {
  return new ClaimOnce<DealClaimDocument>(model.db, claimCollectionOf(model));
}

export const claimIdOf = (dealId: string, revision: number) => `${dealId}:${String(revision)}`;

/** The deals a brand sees: sent to its number (or confirmed address), never a creator's draft. */
function sentToBrandFilter(contact: BrandContact): QueryFilter<DealRecord> {
  const parties: QueryFilter<DealRecord>[] = [{ 'brand.contactMobile': contact.mobile }];
  if (contact.email !== undefined && contact.email !== '') {
    parties.push({ 'brand.contactEmail': contact.email });
  }
  return { $or: parties, state: { $ne: 'draft' }, sentAt: { $ne: null } };
}

const SORTS: Readonly<Record<DealSort, Record<string, 1 | -1>>> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  updated: { updatedAt: -1, _id: -1 },
  amount_desc: { totalPaise: -1, _id: -1 },
  amount_asc: { totalPaise: 1, _id: 1 },
  title: { title: 1, _id: 1 },
};

const SUMMARY_PROJECTION = {
  _id: 1,
  title: 1,
  state: 1,
  campaign: 1,
  'brand.companyName': 1,
  totalPaise: 1,
  createdAt: 1,
  updatedAt: 1,
  linkExpiresAt: 1,
  milestones: 1,
} as const;

type SummaryDocument = Pick<
  DealDocument,
  | '_id'
  | 'title'
  | 'state'
  | 'campaign'
  | 'brand'
  | 'totalPaise'
  | 'createdAt'
  | 'updatedAt'
  | 'linkExpiresAt'
  | 'milestones'
>;

function summaryOf(document: SummaryDocument): DealSummary {
  return {
    id: document._id,
    title: document.title,
    state: document.state,
    campaign: document.campaign,
    brandCompany: document.brand.companyName,
    totalPaise: document.totalPaise,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
    linkExpiresAt: document.linkExpiresAt,
    milestones: document.milestones.map(({ id, name }) => ({ id, name })),
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Deals in `deals`, one document each (history and contract versions embedded). Every change is
 * claimed first by an insert into `deal_claims` keyed `${dealId}:${revision read}`: atomic on
 * MongoDB and FerretDB alike (FerretDB 1.x has no atomic conditional update, measured: 4 of 20
 * racing conditional replaces "won"), so of racing changes exactly one wins. The winner then
 * replaces the deal; the claim keeps the new deal, so a reader that finds a claim newer than the
 * deal (its winner stopped in between) finishes the write for it.
 */
@Injectable()
export class MongoDealRepository extends DealRepository {
  private readonly claims: ClaimOnce<DealClaimDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(DealRecord.name) private readonly deals: Model<DealRecord>,
    @InjectModel(DealClaimRecord.name) claimModel: Model<DealClaimRecord>,
    /** The deals lists' read model: told of every write (issue #38). */
    private readonly lists: MongoDealLists,
  ) {
    super();
    this.claims = dealClaimsOf(claimModel);
    this.indexes = schemaIndexesBeforeFirstWrite(deals);
  }

  nextId(): string {
    return randomUUID();
  }

  async insert(deal: Deal): Promise<void> {
    await this.indexes.ensure();
    await this.deals.create(toDocument(deal));
    await this.lists.recordChanges([deal]);
  }

  async findById(id: string): Promise<Deal | undefined> {
    const found = await this.findOne({ _id: id });
    return found ? toDeal(await this.settled(found)) : undefined;
  }

  async findOwned(id: string, creatorId: string): Promise<Deal | undefined> {
    const found = await this.findOne({ _id: id, creatorId });
    return found ? toDeal(await this.settled(found)) : undefined;
  }

  /** The deal with any won-but-unwritten claims applied (a winner that stopped mid-write). */
  private async settled(found: DealDocument): Promise<DealDocument> {
    let current = found;
    for (;;) {
      const claim = await this.claims.find(claimIdOf(current._id, current.revision));
      if (!claim) return current;
      await this.lists.record([snapshotOf(toDeal(claim.next))]);
      await this.write(current.revision, claim.next);
      current = claim.next;
    }
  }

  /** Replaces the deal at `revision` with `next` (a no-op once done: the revision moved on). */
  private async write(revision: number, next: DealDocument): Promise<void> {
    const { _id: id, ...replacement } = next;
    await this.deals.replaceOne({ _id: id, revision }, replacement).exec();
  }

  async claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean> {
    if (next.id !== expected.id) throw new TypeError('a claim replaces the same deal');
    await this.indexes.ensure();
    const stored = await this.findOne({ _id: expected.id });
    const current = stored ? await this.settled(stored) : undefined;
    if (current?.state !== expected.state || current.revision !== expected.revision) return false;
    const document = toDocument(next);
    const claimed = await this.claims.claim({
      _id: claimIdOf(expected.id, expected.revision),
      dealId: expected.id,
      revision: expected.revision,
      next: document,
      at: next.updatedAt,
    });
    if (!claimed) return false;
    // The change is recorded before the deal is written: a winner stopped in between leaves the
    // claim, which the next reader finishes (settled), recording the change again (idempotent).
    await this.lists.record([snapshotOf(next)]);
    await this.write(expected.revision, document);
    await this.lists.settle();
    return true;
  }

  async list(query: DealListQuery): Promise<DealPage> {
    const pattern =
      query.q !== undefined && query.q !== ''
        ? { $regex: escapeRegex(query.q), $options: 'i' }
        : undefined;
    const filter: QueryFilter<DealRecord> = {
      creatorId: query.creatorId,
      state: { $in: [...query.states] },
      ...(query.campaign !== undefined && { campaign: query.campaign }),
      ...(query.brand !== undefined && { brandKey: query.brand.toLowerCase() }),
      ...(pattern && {
        $or: [{ title: pattern }, { 'brand.companyName': pattern }, { campaign: pattern }],
      }),
    };
    const [items, total] = await Promise.all([
      this.deals
        .find(filter, { history: 0 })
        .sort(SORTS[query.sort])
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .lean<Omit<DealDocument, 'history'>[]>()
        .exec(),
      this.deals.countDocuments(filter).exec(),
    ]);
    return {
      items: items.map((document) => toDeal({ ...document, history: [] })),
      total,
    };
  }

  async summaries(creatorId: string): Promise<DealSummary[]> {
    const documents = await this.deals
      .find({ creatorId }, SUMMARY_PROJECTION)
      .lean<SummaryDocument[]>()
      .exec();
    return documents.map(summaryOf);
  }

  async boundToBrandAccount(brandId: string): Promise<Deal[]> {
    const documents = await this.deals
      .find({ 'brandParty.channel': 'account', 'brandParty.brandId': brandId })
      .lean<DealDocument[]>()
      .exec();
    return Promise.all(documents.map(async (found) => toDeal(await this.settled(found))));
  }

  async sentToBrand(contact: BrandContact, limit: number): Promise<Deal[]> {
    const documents = await this.deals
      .find(sentToBrandFilter(contact), { history: 0 })
      .sort({ sentAt: -1, _id: -1 })
      .limit(limit)
      .lean<Omit<DealDocument, 'history'>[]>()
      .exec();
    return documents.map((document) => toDeal({ ...document, history: [] }));
  }

  async findSentToBrand(id: string, contact: BrandContact): Promise<Deal | undefined> {
    const found = await this.findOne({ _id: id, ...sentToBrandFilter(contact) });
    return found ? toDeal(await this.settled(found)) : undefined;
  }

  async anySentToMobile(mobile: string): Promise<boolean> {
    const found = await this.deals
      .findOne({ 'brand.contactMobile': mobile, sentAt: { $ne: null } }, { _id: 1 })
      .lean<Pick<DealDocument, '_id'>>()
      .exec();
    return found !== null;
  }

  async dueForExpiry(creatorId: string | undefined, now: Date, limit: number): Promise<Deal[]> {
    const filter: QueryFilter<DealRecord> = {
      state: 'sent',
      linkExpiresAt: { $lte: now },
      ...(creatorId !== undefined && { creatorId }),
    };
    const found = await this.deals.find(filter).limit(limit).lean<DealDocument[]>().exec();
    return found.map(toDeal);
  }

  private findOne(filter: QueryFilter<DealRecord>): Promise<DealDocument | null> {
    return this.deals.findOne(filter).lean<DealDocument>().exec();
  }
}
