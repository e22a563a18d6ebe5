import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { Clock } from '../../common/application/clock.js';
import { DealWriteLog } from '../../deals/deals.contract.js';
import { DealHistoryFeed, type DealChange } from '../application/ports/notification-ports.js';
import { upsertRacing } from '../../database/duplicate-key.js';
import {
  type CursorDocument,
  type NotificationCursorRecord,
  type NotificationDealProgressRecord,
  notificationModelsOn,
} from './notification.documents.js';

export { DEAL_PROGRESS, FEED_CURSORS } from './notification.documents.js';
const CURSOR_ID = 'deal-history';

/**
 * Follows the deals' history through the deals' write log ({@link DealWriteLog}) from the position
 * saved here, and keeps per deal how many history entries became notices. The log's reads are
 * not O(changes) on FerretDB (it scans the claim log: docs/notifications.md); the cursor and
 * progress reads here are by `_id`.
 */
@Injectable()
export class MongoDealHistoryFeed extends DealHistoryFeed {
  private readonly cursors: Model<NotificationCursorRecord>;
  private readonly progresses: Model<NotificationDealProgressRecord>;
  private startedAt: Date | undefined;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly log: DealWriteLog,
    private readonly clock: Clock,
  ) {
    super();
    ({ cursors: this.cursors, progresses: this.progresses } = notificationModelsOn(connection));
  }

  private async cursor(): Promise<CursorDocument> {
    const found = await this.findCursor();
    if (found) return found;
    const now = this.clock.now();
    const position = (await this.log.newest()) ?? '';
    await upsertRacing(() =>
      this.cursors
        .updateOne(
          { _id: CURSOR_ID },
          { $setOnInsert: { position, startedAt: now } },
          { upsert: true },
        )
        .exec(),
    );
    return (await this.findCursor()) as CursorDocument;
  }

  private findCursor(): Promise<CursorDocument | null> {
    return this.cursors.findById(CURSOR_ID).lean<CursorDocument>().exec();
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
    await this.cursors
      .updateOne({ _id: CURSOR_ID, position: { $lt: position } }, { $set: { position } })
      .exec();
  }

  async progress(dealId: string): Promise<{ seen: number; since: Date }> {
    const found = await this.progresses
      .findById(dealId)
      .lean<NotificationDealProgressRecord>()
      .exec();
    return { seen: found?.seen ?? 0, since: this.startedAt ?? (await this.cursor()).startedAt };
  }

  async markSeen(dealId: string, seen: number): Promise<void> {
    await upsertRacing(() =>
      this.progresses.updateOne({ _id: dealId }, { $max: { seen } }, { upsert: true }).exec(),
    );
  }
}
