import {
  type AppliedChanges,
  KeyedRange,
  type ReadModelOwner,
  ReadModelStore,
  type ReadModelWrite,
} from '../../database/read-models/index.js';
import type { DealFacts } from '../domain/deal-facts.js';
import {
  EMPTY_TRACK_RECORD,
  type TrackRecord,
  trackRecordOf,
  withDealRevised,
} from '../domain/track-record.js';

/** One model per side: a creator's deals, and the deals bound to a brand workspace. */
export const CREATOR_INSIGHTS = 'insights';
export const BRAND_INSIGHTS = 'insights-brand';
/** Deals per block document: a creator with 1,000 deals is 20 documents in one small collection. */
export const INSIGHTS_BLOCK_SIZE = 50;
const PART = 'deals';
const VIEW = 'deals';
/** A creator's track-record counts (#42): one small document, kept with the facts. */
const SUMMARY = 'summary';
const TRACK_RECORD = 'track-record';

/** The head: which slot each deal holds (1, 2, …, dense), so its block is a known key. */
interface InsightsState {
  readonly slots: Readonly<Record<string, number>>;
  readonly count: number;
}

interface BlockDocument {
  _id: string;
  /** JSON of (DealFacts | null)[]: one string decodes far faster on FerretDB than nested documents. */
  facts: string;
}

type TrackRecordDocument = TrackRecord & { _id: string };

/** The counts of the stored document (without its `_id` and the store's version). */
function recordOf(stored: TrackRecordDocument): TrackRecord {
  const { dealsCompleted, milestonesDelivered, milestonesOnTime, paymentsReceived } = stored;
  return { dealsCompleted, milestonesDelivered, milestonesOnTime, paymentsReceived };
}

interface FactsChange {
  /** `<dealId>:<revision>`: a deal's revision is taken once. */
  readonly id: string;
  readonly facts: DealFacts;
}

/**
 * Each creator's (and each brand workspace's) deal facts, kept by the follower of the deals'
 * history in the read-model kit (#38): a head of slots and the facts in blocks of 50 deals, so a
 * figure request reads the owner's few blocks, never the deals or anyone else's data.
 */
export class InsightsReadModel {
  readonly range = new KeyedRange(INSIGHTS_BLOCK_SIZE);

  constructor(private readonly store: ReadModelStore) {}

  /** Takes each deal revision once, for its creator and its brand workspace; answers how many. */
  async apply(deals: readonly DealFacts[]): Promise<number> {
    let applied = 0;
    const byOwner = new Map<string, { owner: ReadModelOwner; changes: FactsChange[] }>();
    const add = (owner: ReadModelOwner, facts: DealFacts) => {
      const key = `${owner.model}/${owner.owner}`;
      const entry = byOwner.get(key) ?? { owner, changes: [] };
      entry.changes.push({ id: `${facts.dealId}:${String(facts.revision)}`, facts });
      byOwner.set(key, entry);
    };
    for (const facts of deals) {
      add({ model: CREATOR_INSIGHTS, owner: facts.creatorId }, facts);
      if (facts.brandAccountId) add({ model: BRAND_INSIGHTS, owner: facts.brandAccountId }, facts);
    }
    for (const { owner, changes } of byOwner.values())
      applied += await this.store.applyOnce<InsightsState, FactsChange>(
        owner,
        changes,
        (state, fresh) => this.plan(owner, state, fresh),
      );
    return applied;
  }

  async ofOwner(owner: ReadModelOwner): Promise<DealFacts[]> {
    const blocks = await this.store.all<BlockDocument>(owner, PART);
    return blocks.flatMap(({ facts }) =>
      (JSON.parse(facts) as (DealFacts | null)[]).filter(
        (deal): deal is DealFacts => deal !== null,
      ),
    );
  }

  /** The creator's track-record counts: one keyed read of a one-document collection. */
  async trackRecordOf(creatorId: string): Promise<TrackRecord> {
    const owner = { model: CREATOR_INSIGHTS, owner: creatorId };
    const stored = await this.store.get<TrackRecordDocument>(owner, SUMMARY, TRACK_RECORD);
    return stored ? recordOf(stored) : EMPTY_TRACK_RECORD;
  }

  async owners(model: string): Promise<string[]> {
    return this.store.owners(model);
  }

  async drop(owner: ReadModelOwner): Promise<void> {
    await this.store.drop(owner);
  }

  private async plan(
    owner: ReadModelOwner,
    state: InsightsState | null,
    fresh: readonly FactsChange[],
  ): Promise<AppliedChanges<InsightsState>> {
    const slots: Record<string, number> = { ...state?.slots };
    let count = state?.count ?? 0;
    const newest = new Map<string, DealFacts>();
    for (const { facts } of fresh) {
      const known = newest.get(facts.dealId);
      if (!known || known.revision < facts.revision) newest.set(facts.dealId, facts);
    }
    const blocks = new Map<string, { deals: (DealFacts | null)[]; existed: boolean }>();
    const summary = owner.model === CREATOR_INSIGHTS ? await this.trackRecordBase(owner) : null;
    let record = summary?.record ?? EMPTY_TRACK_RECORD;
    for (const facts of newest.values()) {
      const slot = slots[facts.dealId] ?? (slots[facts.dealId] = count += 1);
      const key = this.range.blockKey(VIEW, slot);
      let block = blocks.get(key);
      if (!block) {
        const stored = await this.store.get<BlockDocument>(owner, PART, key);
        block = {
          deals: stored ? (JSON.parse(stored.facts) as (DealFacts | null)[]) : [],
          existed: stored !== null,
        };
        blocks.set(key, block);
      }
      const index = this.range.slotOf(slot);
      const before = block.deals[index];
      // A revision older than the one kept (a replay, or overtaken) changes nothing.
      if (!before || before.revision < facts.revision) {
        block.deals[index] = facts;
        record = withDealRevised(record, facts, before);
      }
    }
    const writes: ReadModelWrite[] = [...blocks].map(([key, block]) => ({
      part: PART,
      doc: { _id: key, facts: JSON.stringify(Array.from(block.deals, (deal) => deal ?? null)) },
      mode: block.existed ? 'replace' : 'insert',
    }));
    if (summary) {
      writes.push({
        part: SUMMARY,
        doc: { _id: TRACK_RECORD, ...record },
        mode: summary.existed ? 'replace' : 'insert',
      });
    }
    return { state: { slots, count }, writes };
  }

  /**
   * The track record before this step: as stored, or — for facts taken before the record was
   * kept — counted once from the creator's stored deals (a rebuild recounts from nothing).
   */
  private async trackRecordBase(
    owner: ReadModelOwner,
  ): Promise<{ record: TrackRecord; existed: boolean }> {
    const stored = await this.store.get<TrackRecordDocument>(owner, SUMMARY, TRACK_RECORD);
    if (stored) return { record: recordOf(stored), existed: true };
    return { record: trackRecordOf(await this.ofOwner(owner)), existed: false };
  }
}
