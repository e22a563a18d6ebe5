import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Connection, Model, Schema } from 'mongoose';
import {
  type DealWrite,
  DealWriteLog,
  type DealWritePage,
} from '../application/ports/deal-write-log.js';
import type { Deal } from '../domain/deal.js';
import { type DealDocument, DealRecord, DealSchema, toDeal } from './deal-document.js';
import { DealClaimRecord, DealClaimSchema } from './mongo-deal.repository.js';

/** A claim's time is read a little before its insert: claims this much older are read again. */
export const LATE_WRITE_MS = 120_000;

interface StoredClaim {
  _id: string;
  at: Date;
  next: DealDocument;
}

const positionOf = ({ at, _id }: StoredClaim) => `${at.toISOString()}|${_id}`;

function parsePosition(position: string): { at: Date; id: string } {
  const [at = '', id = ''] = position.split('|');
  return { at: new Date(at), id };
}

const writeOf = ({ next, at }: StoredClaim): DealWrite => ({ deal: toDeal(next), at });

/**
 * The deals' write log is their claim log (`deal_claims`, mongo-deal.repository.ts): each claim
 * holds the deal as its write left it. Read by `at` from a position `<ISO time>|<claim id>`: on
 * MongoDB its `at` index serves it; FerretDB scans the claim log for it (docs/performance.md).
 */
@Injectable()
export class MongoDealWriteLog extends DealWriteLog {
  readonly lateWindowMs = LATE_WRITE_MS;

  constructor(
    @InjectModel(DealClaimRecord.name) private readonly claims: Model<DealClaimRecord>,
    @InjectModel(DealRecord.name) private readonly deals: Model<DealRecord>,
  ) {
    super();
  }

  async after(position: string | null, limit: number): Promise<DealWritePage> {
    const { at, id } = parsePosition(position ?? `${new Date(0).toISOString()}|`);
    const late =
      position === null
        ? []
        : await this.claims
            .find({ at: { $gte: new Date(at.getTime() - LATE_WRITE_MS), $lte: at } })
            .lean<StoredClaim[]>()
            .exec();
    const fresh = await this.claims
      .find({ $or: [{ at: { $gt: at } }, { at, _id: { $gt: id } }] })
      .sort({ at: 1, _id: 1 })
      .limit(limit)
      .lean<StoredClaim[]>()
      .exec();
    const last = fresh.at(-1);
    return {
      writes: [...late, ...fresh].map(writeOf),
      fresh: fresh.length,
      position: last ? positionOf(last) : position,
    };
  }

  async newest(): Promise<string | null> {
    const [last] = await this.claims
      .find({})
      .sort({ at: -1, _id: -1 })
      .limit(1)
      .lean<StoredClaim[]>()
      .exec();
    return last ? positionOf(last) : null;
  }

  async everyDeal(): Promise<Deal[]> {
    return (await this.deals.find({}).lean<DealDocument[]>().exec()).map(toDeal);
  }
}

/** The log on a connection of its own (a command-line rebuild, outside the Nest app). */
export function dealWriteLogOn(connection: Connection): DealWriteLog {
  const model = <T>(name: string, schema: Schema<T>) =>
    (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
  return new MongoDealWriteLog(
    model(DealClaimRecord.name, DealClaimSchema),
    model(DealRecord.name, DealSchema),
  );
}
