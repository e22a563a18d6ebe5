import { Injectable } from '@nestjs/common';
import { upsertRacing } from './upsert-once.js';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { Clock } from '../../common/application/clock.js';
import type { Deal } from '../../deals/deals.contract.js';
import { DealHistoryFeed, type DealChange } from '../application/ports/notification-ports.js';

/** The deals' claim log (deals/infrastructure/mongo-deal.repository.ts): one document per write. */
const DEAL_CLAIMS = 'deal_claims';
export const FEED_CURSORS = 'notification_cursors';
export const DEAL_PROGRESS = 'notification_deal_progress';
const CURSOR_ID = 'deal-history';
/**
 * A claim's `at` is the time its writer read the clock, a little before its insert: claims up to
 * this much older than the position are read again, so a slow writer's claim is never skipped.
 */
export const LATE_WRITE_MS = 120_000;

interface ClaimDocument {
  _id: string;
  at: Date;
  next: Omit<Deal, 'id'> & { _id: string; brandKey?: string };
}
interface CursorDocument {
  _id: string;
  /** The last claim read: its time and id (`<ISO>|<claim id>`). */
  position: string;
  startedAt: Date;
}
interface ProgressDocument {
  _id: string;
  seen: number;
}

function dealOf(document: ClaimDocument['next']): Deal {
  const { _id: id, ...deal } = document;
  delete deal.brandKey;
  return { ...deal, id };
}

function parsePosition(position: string): { at: Date; id: string } {
  const [at = '', id = ''] = position.split('|');
  return { at: new Date(at), id };
}

/**
 * Follows the deals' history through their claim log, whose documents each hold a deal as one
 * write left it. Read by `at` from the saved position: on MongoDB an index on `at` serves it; on
 * FerretDB (which plans with `_id` only) each pass scans the claim log, the one read here that is
 * not O(changes) — the history feed of #38 replaces it (docs/notifications.md).
 */
@Injectable()
export class MongoDealHistoryFeed extends DealHistoryFeed {
  private readonly claims: Collection<ClaimDocument>;
  private readonly cursors: Collection<CursorDocument>;
  private readonly progresses: Collection<ProgressDocument>;
  private startedAt: Date | undefined;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly clock: Clock,
  ) {
    super();
    this.claims = connection.collection<ClaimDocument>(DEAL_CLAIMS);
    this.cursors = connection.collection<CursorDocument>(FEED_CURSORS);
    this.progresses = connection.collection<ProgressDocument>(DEAL_PROGRESS);
  }

  private async cursor(): Promise<CursorDocument> {
    const found = await this.cursors.findOne({ _id: CURSOR_ID });
    if (found) return found;
    const now = this.clock.now();
    await upsertRacing(() =>
      this.cursors.updateOne(
        { _id: CURSOR_ID },
        { $setOnInsert: { position: `${now.toISOString()}|`, startedAt: now } },
        { upsert: true },
      ),
    );
    return (await this.cursors.findOne({ _id: CURSOR_ID })) as CursorDocument;
  }

  async open(): Promise<void> {
    await this.cursor();
  }

  async next(limit: number): Promise<{ changes: DealChange[]; position: string }> {
    const cursor = await this.cursor();
    this.startedAt = cursor.startedAt;
    const { at, id } = parsePosition(cursor.position);
    const late = await this.claims
      .find({ at: { $gte: new Date(at.getTime() - LATE_WRITE_MS), $lte: at } })
      .toArray();
    const fresh = await this.claims
      .find({ $or: [{ at: { $gt: at } }, { at, _id: { $gt: id } }] })
      .sort({ at: 1, _id: 1 })
      .limit(limit)
      .toArray();
    const last = fresh.at(-1);
    return {
      changes: [...late, ...fresh].map(({ next, at: changedAt }) => ({
        deal: dealOf(next),
        at: changedAt,
      })),
      position: last ? `${last.at.toISOString()}|${last._id}` : cursor.position,
    };
  }

  async save(position: string): Promise<void> {
    // Positions compare as text (ISO times first), so the cursor only moves forward.
    await this.cursors.updateOne(
      { _id: CURSOR_ID, position: { $lt: position } },
      { $set: { position } },
    );
  }

  async progress(dealId: string): Promise<{ seen: number; since: Date }> {
    const found = await this.progresses.findOne({ _id: dealId });
    return { seen: found?.seen ?? 0, since: this.startedAt ?? (await this.cursor()).startedAt };
  }

  async markSeen(dealId: string, seen: number): Promise<void> {
    await upsertRacing(() =>
      this.progresses.updateOne({ _id: dealId }, { $max: { seen } }, { upsert: true }),
    );
  }
}
