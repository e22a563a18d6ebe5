import type { mongo } from 'mongoose';
import type { DealWriteLog } from '../../deals/deals.contract.js';
import { dealFactsOf } from '../domain/deal-facts.js';
import type { InsightsReadModel } from './insights-read-model.js';

export const INSIGHTS_CURSOR = 'insights_cursor';
const CURSOR_ID = 'deal-history';

interface CursorDocument {
  _id: string;
  /** The deals' write log position after the last write taken; compares as text, forward only. */
  position: string;
}

/**
 * Follows the deals' history through their write log, as the notifications do, with a cursor of
 * its own: every write holds the deal as it left it, whose facts the read model takes once per
 * revision (the log reads writes near the position again: the model's markers drop repeats).
 */
export class DealHistoryFollower {
  private readonly cursors: mongo.Collection<CursorDocument>;
  private running: Promise<number> | null = null;

  constructor(
    db: mongo.Db,
    private readonly log: DealWriteLog,
    private readonly model: InsightsReadModel,
    private readonly batchSize = 500,
  ) {
    this.cursors = db.collection<CursorDocument>(INSIGHTS_CURSOR);
  }

  /** Applies every write after the cursor, in batches; one pass at a time in this process. */
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
    const saved = (await this.cursors.findOne({ _id: CURSOR_ID }))?.position ?? null;
    const page = await this.log.after(saved, this.batchSize);
    const taken = await this.model.apply(page.writes.map(({ deal }) => dealFactsOf(deal)));
    if (page.position !== null && page.position !== saved) await this.save(page.position);
    return { taken, fresh: page.fresh };
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
   * takes each deal once, and moves the cursor to the newest write seen before reading them, so
   * the writes made meanwhile are followed next.
   */
  async rebuild(): Promise<{ owners: number; deals: number }> {
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
    await this.cursors.deleteOne({ _id: CURSOR_ID });
    if (newest !== null) await this.save(newest);
    return { owners: new Set(facts.map((deal) => deal.creatorId)).size, deals: facts.length };
  }
}
