import type { mongo } from 'mongoose';
import type { Deal } from '../../deals/deals.contract.js';
import { dealFactsOf } from '../domain/deal-facts.js';
import type { InsightsReadModel } from './insights-read-model.js';

/** The deals' claim log (deals/infrastructure/mongo-deal.repository.ts): one document per write. */
export const DEAL_CLAIMS = 'deal_claims';
export const DEALS = 'deals';
export const INSIGHTS_CURSOR = 'insights_cursor';
const CURSOR_ID = 'deal-history';
/**
 * A claim's `at` is read from the clock a little before its insert: claims this much older than
 * the position are read again (each deal revision is applied once: the read model's markers).
 */
export const LATE_WRITE_MS = 120_000;

interface ClaimDocument {
  _id: string;
  at: Date;
  next: Omit<Deal, 'id'> & { _id: string; brandKey?: string };
}
interface CursorDocument {
  _id: string;
  /** The last claim taken: `<ISO time>|<claim id>`; compares as text, so it only moves forward. */
  position: string;
}

export function dealOfDocument(document: ClaimDocument['next']): Deal {
  const { _id: id, ...deal } = document;
  delete deal.brandKey;
  return { ...deal, id };
}

const BEGINNING = `${new Date(0).toISOString()}|`;

function parsePosition(position: string): { at: Date; id: string } {
  const [at = '', id = ''] = position.split('|');
  return { at: new Date(at), id };
}

/**
 * Follows the deals' history through their claim log, as the notifications do
 * (notifications/infrastructure/mongo-deal-history-feed.ts), with a cursor of its own: every
 * claim holds the deal as its write left it, whose facts the read model takes once per revision.
 */
export class DealHistoryFollower {
  private readonly claims: mongo.Collection<ClaimDocument>;
  private readonly cursors: mongo.Collection<CursorDocument>;
  private running: Promise<number> | null = null;

  constructor(
    db: mongo.Db,
    private readonly model: InsightsReadModel,
    private readonly batchSize = 500,
  ) {
    this.claims = db.collection<ClaimDocument>(DEAL_CLAIMS);
    this.cursors = db.collection<CursorDocument>(INSIGHTS_CURSOR);
  }

  /** Applies every claim after the cursor, in batches; one pass at a time in this process. */
  drain(): Promise<number> {
    this.running ??= this.passes().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async passes(): Promise<number> {
    let applied = 0;
    for (;;) {
      const { taken, fresh } = await this.pass();
      applied += taken;
      if (fresh < this.batchSize) return applied;
    }
  }

  private async pass(): Promise<{ taken: number; fresh: number }> {
    const position = (await this.cursors.findOne({ _id: CURSOR_ID }))?.position ?? BEGINNING;
    const { at, id } = parsePosition(position);
    const late = await this.claims
      .find({ at: { $gte: new Date(at.getTime() - LATE_WRITE_MS), $lte: at } })
      .toArray();
    const fresh = await this.claims
      .find({ $or: [{ at: { $gt: at } }, { at, _id: { $gt: id } }] })
      .sort({ at: 1, _id: 1 })
      .limit(this.batchSize)
      .toArray();
    const taken = await this.model.apply(
      [...late, ...fresh].map(({ next }) => dealFactsOf(dealOfDocument(next))),
    );
    const last = fresh.at(-1);
    if (last) await this.save(`${last.at.toISOString()}|${last._id}`);
    return { taken, fresh: fresh.length };
  }

  async save(position: string): Promise<void> {
    await this.cursors
      .updateOne({ _id: CURSOR_ID, position: { $lt: position } }, { $set: { position } })
      .then(async ({ matchedCount }) => {
        if (matchedCount === 0 && !(await this.cursors.findOne({ _id: CURSOR_ID })))
          await this.cursors.insertOne({ _id: CURSOR_ID, position }).catch(() => undefined);
      });
  }

  /**
   * Recomputes every owner's facts from the deals as stored (#40's rebuild): drops the models,
   * takes each deal once, and moves the cursor to the last claim seen before reading them, so
   * the claims written meanwhile are followed next.
   */
  async rebuild(db: mongo.Db): Promise<{ owners: number; deals: number }> {
    const lastClaim = await this.claims.find({}).sort({ at: -1, _id: -1 }).limit(1).next();
    const owners = [
      ...(await this.model.owners('insights')).map((owner) => ({ model: 'insights', owner })),
      ...(await this.model.owners('insights-brand')).map((owner) => ({
        model: 'insights-brand',
        owner,
      })),
    ];
    for (const owner of owners) await this.model.drop(owner);
    const deals = await db.collection<ClaimDocument['next']>(DEALS).find({}).toArray();
    const facts = deals.map((document) => dealFactsOf(dealOfDocument(document)));
    await this.model.apply(facts);
    await this.cursors.deleteOne({ _id: CURSOR_ID });
    if (lastClaim) await this.save(`${lastClaim.at.toISOString()}|${lastClaim._id}`);
    return { owners: new Set(facts.map((deal) => deal.creatorId)).size, deals: facts.length };
  }
}
