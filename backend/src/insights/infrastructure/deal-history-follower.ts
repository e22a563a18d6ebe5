import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { declaredModel } from '../../database/declared-model.js';
import { upsertRacing } from '../../database/duplicate-key.js';
import type { DealWriteLog } from '../../deals/deals.contract.js';
import { dealFactsOf } from '../domain/deal-facts.js';
import type { InsightsReadModel } from './insights-read-model.js';

export const INSIGHTS_CURSOR = 'insights_cursor';
const CURSOR_ID = 'deal-history';

/**
 * How far the insights have followed the deals' write log: one document, `_id: 'deal-history'`.
 * No index beyond `_id`; the collection is made by its first write, as the driver did.
 */
@Schema({
  collection: INSIGHTS_CURSOR,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class InsightsCursorRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** The deals' write log position after the last write taken; compares as text, forward only. */
  @Prop({ type: String, required: true })
  position!: string;
}

export const InsightsCursorSchema = SchemaFactory.createForClass(InsightsCursorRecord);

/** The cursor's model on a connection of its own (the command-line rebuild, specs). */
export const insightsCursorsOn = (connection: Connection): Model<InsightsCursorRecord> =>
  declaredModel(connection, InsightsCursorRecord.name, InsightsCursorSchema);

/**
 * Follows the deals' history through their write log, as the notifications do, with a cursor of
 * its own: every write holds the deal as it left it, whose facts the read model takes once per
 * revision (the log reads writes near the position again: the model's markers drop repeats).
 */
export class DealHistoryFollower {
  private running: Promise<number> | null = null;
  /** Passes and rebuilds of this follower, one after another (see `rebuild`). */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly cursors: Model<InsightsCursorRecord>,
    private readonly log: DealWriteLog,
    private readonly model: InsightsReadModel,
    private readonly batchSize = 500,
  ) {}

  /** Applies every write after the cursor, in batches; one pass at a time in this process. */
  drain(): Promise<number> {
    this.running ??= this.inTurn(() => this.passes()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn.then(work, work);
    this.turn = done.catch(() => undefined);
    return done;
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
    const saved = (await this.savedCursor())?.position ?? null;
    const page = await this.log.after(saved, this.batchSize);
    const taken = await this.model.apply(page.writes.map(({ deal }) => dealFactsOf(deal)));
    if (page.position !== null && page.position !== saved) await this.save(page.position);
    return { taken, fresh: page.fresh };
  }

  async save(position: string): Promise<void> {
    const { matchedCount } = await this.cursors
      .updateOne({ _id: CURSOR_ID, position: { $lt: position } }, { $set: { position } })
      .exec();
    if (matchedCount === 0 && !(await this.savedCursor()))
      await this.cursors.create({ _id: CURSOR_ID, position }).catch(() => undefined);
  }

  private savedCursor(): Promise<InsightsCursorRecord | null> {
    return this.cursors.findById(CURSOR_ID).lean<InsightsCursorRecord>().exec();
  }

  /**
   * Recomputes every owner's facts from the deals as stored (#40's rebuild): drops the models,
   * takes each deal once, and moves the cursor to the newest write seen before reading them, so
   * the writes made meanwhile are followed next. It takes its turn with this follower's passes: a
   * pass reading the log between the drop and the new position would take old writes again (the
   * track record counted twice, seen in a CI run). Another process's passes are not held: run the
   * command-line rebuild with the API stopped.
   */
  rebuild(): Promise<{ owners: number; deals: number }> {
    return this.inTurn(() => this.rebuildNow());
  }

  private async rebuildNow(): Promise<{ owners: number; deals: number }> {
    const newest = await this.log.newest();
    const owners = [
      ...(await this.model.owners('insights')).map((owner) => ({ model: 'insights', owner })),
      ...(await this.model.owners('insights-brand')).map((owner) => ({
        model: 'insights-brand',
        owner,
      })),
    ];
    for (const owner of owners) await this.model.drop(owner);
    const facts = (await this.log.everyDeal()).map(dealFactsOf);
    await this.model.apply(facts);
    if (newest === null) await this.cursors.deleteOne({ _id: CURSOR_ID }).exec();
    else
      await upsertRacing(() =>
        this.cursors.replaceOne({ _id: CURSOR_ID }, { position: newest }, { upsert: true }).exec(),
      );
    return { owners: new Set(facts.map((deal) => deal.creatorId)).size, deals: facts.length };
  }
}
