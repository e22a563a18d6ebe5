import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { Clock } from '../../common/application/clock.js';
import { DealWriteLog } from '../../deals/deals.contract.js';
import { DealHistoryFeed, type DealChange } from '../application/ports/notification-ports.js';
import { upsertRacing } from '../../database/duplicate-key.js';

export const FEED_CURSORS = 'notification_cursors';
export const DEAL_PROGRESS = 'notification_deal_progress';
const CURSOR_ID = 'deal-history';

interface CursorDocument {
  _id: string;
  /** The deals' write log position after the last write read ('' : from the first). */
  position: string;
  startedAt: Date;
}
interface ProgressDocument {
  _id: string;
  seen: number;
}

/**
 * Follows the deals' history through the deals' write log ({@link DealWriteLog}) from the position
 * saved here, and keeps per deal how many history entries became notices. The log's reads are
 * not O(changes) on FerretDB (it scans the claim log: docs/notifications.md); the cursor and
 * progress reads here are by `_id`.
 */
@Injectable()
export class MongoDealHistoryFeed extends DealHistoryFeed {
  private readonly cursors: Collection<CursorDocument>;
  private readonly progresses: Collection<ProgressDocument>;
  private startedAt: Date | undefined;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly log: DealWriteLog,
    private readonly clock: Clock,
  ) {
    super();
    this.cursors = connection.collection<CursorDocument>(FEED_CURSORS);
    this.progresses = connection.collection<ProgressDocument>(DEAL_PROGRESS);
  }

  private async cursor(): Promise<CursorDocument> {
    const found = await this.cursors.findOne({ _id: CURSOR_ID });
    if (found) return found;
    const now = this.clock.now();
    const position = (await this.log.newest()) ?? '';
    await upsertRacing(() =>
      this.cursors.updateOne(
        { _id: CURSOR_ID },
        { $setOnInsert: { position, startedAt: now } },
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
    const page = await this.log.after(cursor.position === '' ? null : cursor.position, limit);
    return { changes: [...page.writes], position: page.position ?? '' };
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
