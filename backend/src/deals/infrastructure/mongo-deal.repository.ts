import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Collection, type Connection, mongo } from 'mongoose';
import { ClaimOnce } from '../../database/claim-once.js';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import {
  type BrandContact,
  type DealListQuery,
  type DealPage,
  DealRepository,
  type DealSummary,
} from '../application/ports/deal.repository.js';
import type { Deal, DealSort } from '../domain/deal.js';
import { type DealDocument, toDeal, toDocument } from './deal-document.js';
import { snapshotOf } from './read-model/deal-list-snapshot.js';
import { MongoDealLists } from './read-model/mongo-deal-lists.js';

export const DEALS_COLLECTION = 'deals';
/** One document per claimed revision of a deal: `${dealId}:${revision}`, unique by nature. */
export const DEAL_CLAIMS_COLLECTION = 'deal_claims';

/** A won claim: the deal as its winner wrote it, kept so that anyone can finish the write. */
export interface DealClaimDocument {
  _id: string;
  dealId: string;
  revision: number;
  next: DealDocument;
  at: Date;
}

/** The deals' claims on `connection`. */
export function dealClaimsOn(connection: Connection): ClaimOnce<DealClaimDocument> {
  return new ClaimOnce(connection, {
    name: DEAL_CLAIMS_COLLECTION,
    indexes: [{ key: { at: 1 }, name: 'at' }],
  });
}

const claimIdOf = (dealId: string, revision: number) => `${dealId}:${String(revision)}`;

const INDEXES: mongo.IndexDescription[] = [
  { key: { creatorId: 1, createdAt: -1 }, name: 'creator_created' },
  { key: { creatorId: 1, state: 1, createdAt: -1 }, name: 'creator_state_created' },
  { key: { state: 1, linkExpiresAt: 1 }, name: 'state_link_expiry' },
  { key: { 'brand.contactMobile': 1, sentAt: -1 }, name: 'brand_mobile_sent' },
  { key: { 'brand.contactEmail': 1, sentAt: -1 }, name: 'brand_email_sent' },
];

/** The deals a brand sees: sent to its number (or confirmed address), never a creator's draft. */
function sentToBrandFilter(contact: BrandContact): mongo.Filter<DealDocument> {
  const parties: mongo.Filter<DealDocument>[] = [{ 'brand.contactMobile': contact.mobile }];
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
  private readonly collection: Collection<DealDocument>;
  private readonly claims: ClaimOnce<DealClaimDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    /** The deals lists' read model: told of every write (issue #38). */
    private readonly lists: MongoDealLists,
  ) {
    super();
    this.collection = connection.collection<DealDocument>(DEALS_COLLECTION);
    this.claims = dealClaimsOn(connection);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(this.connection, [DEALS_COLLECTION], this.collection, INDEXES),
    );
  }

  nextId(): string {
    return randomUUID();
  }

  async insert(deal: Deal): Promise<void> {
    await this.indexes.ensure();
    await this.collection.insertOne(toDocument(deal));
    await this.lists.recordChanges([deal]);
  }

  async findById(id: string): Promise<Deal | undefined> {
    const found = await this.collection.findOne({ _id: id });
    return found ? toDeal(await this.settled(found)) : undefined;
  }

  async findOwned(id: string, creatorId: string): Promise<Deal | undefined> {
    const found = await this.collection.findOne({ _id: id, creatorId });
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
    await this.collection.replaceOne({ _id: id, revision }, replacement);
  }

  async claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean> {
    if (next.id !== expected.id) throw new TypeError('a claim replaces the same deal');
    await this.indexes.ensure();
    const stored = await this.collection.findOne({ _id: expected.id });
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
    const filter: mongo.Filter<DealDocument> = {
      creatorId: query.creatorId,
      state: { $in: [...query.states] },
      ...(query.campaign !== undefined && { campaign: query.campaign }),
      ...(query.brand !== undefined && { brandKey: query.brand.toLowerCase() }),
      ...(pattern && {
        $or: [{ title: pattern }, { 'brand.companyName': pattern }, { campaign: pattern }],
      }),
    };
    const [items, total] = await Promise.all([
      this.collection
        .find(filter, { projection: { history: 0 } })
        .sort(SORTS[query.sort])
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      this.collection.countDocuments(filter),
    ]);
    return {
      items: items.map((document) => toDeal({ ...document, history: [] })),
      total,
    };
  }

  async summaries(creatorId: string): Promise<DealSummary[]> {
    const documents = await this.collection
      .find({ creatorId }, { projection: SUMMARY_PROJECTION })
      .toArray();
    return documents.map(summaryOf);
  }

  async boundToBrandAccount(brandId: string): Promise<Deal[]> {
    const documents = await this.collection
      .find({ 'brandParty.channel': 'account', 'brandParty.brandId': brandId })
      .toArray();
    return Promise.all(documents.map(async (found) => toDeal(await this.settled(found))));
  }

  async sentToBrand(contact: BrandContact, limit: number): Promise<Deal[]> {
    const documents = await this.collection
      .find(sentToBrandFilter(contact), { projection: { history: 0 } })
      .sort({ sentAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
    return documents.map((document) => toDeal({ ...document, history: [] }));
  }

  async findSentToBrand(id: string, contact: BrandContact): Promise<Deal | undefined> {
    const found = await this.collection.findOne({ _id: id, ...sentToBrandFilter(contact) });
    return found ? toDeal(await this.settled(found)) : undefined;
  }

  async anySentToMobile(mobile: string): Promise<boolean> {
    const found = await this.collection.findOne(
      { 'brand.contactMobile': mobile, sentAt: { $ne: null } },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  async dueForExpiry(creatorId: string | undefined, now: Date, limit: number): Promise<Deal[]> {
    const filter: mongo.Filter<DealDocument> = {
      state: 'sent',
      linkExpiresAt: { $lte: now },
      ...(creatorId !== undefined && { creatorId }),
    };
    const found = await this.collection.find(filter).limit(limit).toArray();
    return found.map(toDeal);
  }
}
