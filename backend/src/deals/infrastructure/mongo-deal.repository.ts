import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Collection, type Connection, mongo } from 'mongoose';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import {
  type DealListQuery,
  type DealPage,
  DealRepository,
  type DealSummary,
} from '../application/ports/deal.repository.js';
import type { Deal, DealSort } from '../domain/deal.js';

export const DEALS_COLLECTION = 'deals';

/** A deal as stored: the domain object with `_id` for `id`, and the brand's name lower-cased. */
type DealDocument = Omit<Deal, 'id'> & { _id: string; brandKey: string };

const INDEXES: mongo.IndexDescription[] = [
  { key: { creatorId: 1, createdAt: -1 }, name: 'creator_created' },
  { key: { creatorId: 1, state: 1, createdAt: -1 }, name: 'creator_state_created' },
  { key: { state: 1, linkExpiresAt: 1 }, name: 'state_link_expiry' },
];

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
} as const;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function toDocument(deal: Deal): DealDocument {
  const { id, ...rest } = deal;
  return { _id: id, ...rest, brandKey: deal.brand.companyName.toLowerCase() };
}

function toDeal(document: DealDocument): Deal {
  // brandKey is derived from the brand's name: not part of the domain object.
  const { _id, ...fields }: Omit<DealDocument, 'brandKey'> & { brandKey?: string } = document;
  delete fields.brandKey;
  return { id: _id, ...fields };
}

/**
 * Deals in `deals`, one document each (history and contract versions embedded). Every change is
 * a replaceOne conditioned on the state and revision it was read with: atomic per document on
 * MongoDB and FerretDB alike, so of racing changes exactly one matches.
 */
@Injectable()
export class MongoDealRepository extends DealRepository {
  private readonly collection: Collection<DealDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    this.collection = connection.collection<DealDocument>(DEALS_COLLECTION);
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
  }

  async findById(id: string): Promise<Deal | undefined> {
    const found = await this.collection.findOne({ _id: id });
    return found ? toDeal(found) : undefined;
  }

  async findOwned(id: string, creatorId: string): Promise<Deal | undefined> {
    const found = await this.collection.findOne({ _id: id, creatorId });
    return found ? toDeal(found) : undefined;
  }

  async claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean> {
    if (next.id !== expected.id) throw new TypeError('a claim replaces the same deal');
    const { _id: id, ...replacement } = toDocument(next);
    const result = await this.collection.replaceOne(
      { _id: id, state: expected.state, revision: expected.revision },
      replacement,
    );
    return result.modifiedCount === 1;
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
    return documents.map((document) => ({
      id: document._id,
      title: document.title,
      state: document.state,
      campaign: document.campaign,
      brandCompany: document.brand.companyName,
      totalPaise: document.totalPaise,
      createdAt: document.createdAt,
      updatedAt: document.updatedAt,
      linkExpiresAt: document.linkExpiresAt,
    }));
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
