import {
  type AppliedChanges,
  KeyedRange,
  type ReadModelOwner,
  ReadModelStore,
  type ReadModelWrite,
} from '../../database/read-models/index.js';
import {
  aggregatesOf,
  brandsOf,
  type MonthFigures,
  type MonthMoves,
  movesByMonth,
  NO_MONTH_FIGURES,
  type PlacedDeal,
} from '../domain/aggregate-figures.js';
import { type OpenMilestone, openMilestonesOfDeal } from '../domain/open-milestones.js';
import type { DealFacts } from '../domain/deal-facts.js';
import { bucketsOf, type FigureMove } from '../domain/figure-moves.js';
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
/**
 * A creator's precomputed figures (figure-moves.ts): `figures` holds two documents, the month
 * buckets with the brands (`months`) and the milestones open now (`open`); `moves` one document
 * per India month (`YYYY-MM`) with that month's moves, read only for the months a period cuts.
 */
const FIGURES = 'figures';
const MONTHS = 'months';
const OPEN = 'open';
const MOVES = 'moves';

/** A document holding one JSON value (one string decodes far faster on FerretDB). */
interface JsonDocument {
  _id: string;
  json: string;
}

/** A deal this step changes: its slot, the facts kept before (if any) and the new ones. */
interface RevisedDeal {
  readonly slot: number;
  readonly before: DealFacts | null;
  readonly facts: DealFacts;
}

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

  /** The creator's month buckets and brands: one keyed read of a two-document collection. */
  async monthFiguresOf(creatorId: string): Promise<MonthFigures> {
    const owner = { model: CREATOR_INSIGHTS, owner: creatorId };
    return this.json(owner, FIGURES, MONTHS, NO_MONTH_FIGURES);
  }

  /** The creator's milestones open now: one keyed read. */
  async openMilestonesOf(creatorId: string): Promise<OpenMilestone[]> {
    const owner = { model: CREATOR_INSIGHTS, owner: creatorId };
    return this.json<OpenMilestone[]>(owner, FIGURES, OPEN, []);
  }

  /** The creator's moves of these months: one keyed read each, at once. */
  async monthMovesOf(creatorId: string, months: readonly string[]): Promise<MonthMoves> {
    const owner = { model: CREATOR_INSIGHTS, owner: creatorId };
    const found = await this.store.getMany<JsonDocument>(owner, MOVES, months);
    return new Map(found.map(({ _id, json }) => [_id, JSON.parse(json) as FigureMove[]]));
  }

  private async json<T>(owner: ReadModelOwner, part: string, id: string, none: T): Promise<T> {
    const stored = await this.store.get<JsonDocument>(owner, part, id);
    return stored ? (JSON.parse(stored.json) as T) : none;
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
    const revised: RevisedDeal[] = [];
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
        revised.push({ slot, before: before ?? null, facts });
      }
    }
    const writes: ReadModelWrite[] = [...blocks].map(([key, block]) => ({
      part: PART,
      doc: { _id: key, facts: JSON.stringify(Array.from(block.deals, (deal) => deal ?? null)) },
      mode: block.existed ? 'replace' : 'insert',
    }));
    if (owner.model === CREATOR_INSIGHTS && revised.length > 0)
      writes.push(
        ...(await this.figureWrites(owner, state !== null, revised, (stored) =>
          this.placedDeals(stored, blocks),
        )),
      );
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

  /** Every deal of the owner with its slot: the stored blocks, overlaid by this step's. */
  private async placedDeals(
    owner: ReadModelOwner,
    changed: ReadonlyMap<string, { deals: (DealFacts | null)[] }>,
  ): Promise<PlacedDeal[]> {
    const stored = await this.store.all<BlockDocument>(owner, PART);
    const byKey = new Map(
      stored.map(({ _id, facts }) => [_id, JSON.parse(facts) as (DealFacts | null)[]]),
    );
    for (const [key, { deals }] of changed) byKey.set(key, deals);
    return [...byKey].flatMap(([key, deals]) =>
      deals.flatMap((facts, index) => (facts ? [{ facts, order: slotAt(key, index) }] : [])),
    );
  }

  /**
   * The creator's figures after this step's deals: the moves of the months they touch replaced
   * (the deals' previous moves out, their new ones in) and those months' buckets summed again;
   * the open milestones and the brands likewise. Facts taken before the figures were kept (or a
   * deal moving to another brand) are counted again from all the creator's deals.
   */
  private async figureWrites(
    owner: ReadModelOwner,
    hadFacts: boolean,
    revised: readonly RevisedDeal[],
    allDeals: (owner: ReadModelOwner) => Promise<PlacedDeal[]>,
  ): Promise<ReadModelWrite[]> {
    const storedMonths = await this.store.get<JsonDocument>(owner, FIGURES, MONTHS);
    const storedOpen = await this.store.get<JsonDocument>(owner, FIGURES, OPEN);
    const rebrand = revised.some(
      ({ before, facts }) =>
        before !== null &&
        (before.brandKey !== facts.brandKey || before.brandName !== facts.brandName),
    );
    if ((hadFacts && !storedMonths) || rebrand)
      return this.allFigureWrites(owner, await allDeals(owner), storedMonths, storedOpen);
    const figures = storedMonths
      ? (JSON.parse(storedMonths.json) as MonthFigures)
      : NO_MONTH_FIGURES;
    const placed = revised.map(({ slot, facts }) => ({ facts, order: slot }));
    const dealIds = new Set(revised.map(({ facts }) => facts.dealId));
    const fresh = movesByMonth(placed);
    const touched = new Set([
      ...fresh.keys(),
      ...movesByMonth(
        revised.flatMap(({ slot, before }) => (before ? [{ facts: before, order: slot }] : [])),
      ).keys(),
    ]);
    const months = new Map(Object.entries(figures.months));
    const writes: ReadModelWrite[] = [];
    for (const key of touched) {
      const stored = await this.store.get<JsonDocument>(owner, MOVES, key);
      const kept = stored
        ? (JSON.parse(stored.json) as FigureMove[]).filter(({ dealId }) => !dealIds.has(dealId))
        : [];
      const moves = [...kept, ...(fresh.get(key) ?? [])];
      if (moves.length > 0) months.set(key, bucketsOf(moves));
      else months.delete(key);
      writes.push(jsonWrite(MOVES, key, moves, stored !== null));
    }
    const open = storedOpen
      ? (JSON.parse(storedOpen.json) as OpenMilestone[]).filter(
          ({ dealId }) => !dealIds.has(dealId),
        )
      : [];
    open.push(...placed.flatMap(({ facts, order }) => openMilestonesOfDeal(facts, order)));
    const brands = brandsOf(placed, figures.brands);
    writes.push(
      jsonWrite(
        FIGURES,
        MONTHS,
        { months: Object.fromEntries(months), brands },
        storedMonths !== null,
      ),
      jsonWrite(FIGURES, OPEN, open, storedOpen !== null),
    );
    return writes;
  }

  private async allFigureWrites(
    owner: ReadModelOwner,
    deals: readonly PlacedDeal[],
    storedMonths: JsonDocument | null,
    storedOpen: JsonDocument | null,
  ): Promise<ReadModelWrite[]> {
    const { figures, moves, open } = aggregatesOf(deals);
    const existing = new Set(
      (await this.store.all<JsonDocument>(owner, MOVES)).map(({ _id }) => _id),
    );
    const writes = [...moves].map(([key, list]) => jsonWrite(MOVES, key, list, existing.has(key)));
    for (const key of existing) if (!moves.has(key)) writes.push(jsonWrite(MOVES, key, [], true));
    writes.push(
      jsonWrite(FIGURES, MONTHS, figures, storedMonths !== null),
      jsonWrite(FIGURES, OPEN, open, storedOpen !== null),
    );
    return writes;
  }
}

/** The slot of a block's entry: blocks are keyed `<view>:<block number>` (keyed-range.ts). */
function slotAt(blockKey: string, index: number): number {
  return Number(blockKey.slice(blockKey.lastIndexOf(':') + 1)) * INSIGHTS_BLOCK_SIZE + index + 1;
}

function jsonWrite(part: string, id: string, value: unknown, existed: boolean): ReadModelWrite {
  return {
    part,
    doc: { _id: id, json: JSON.stringify(value) },
    mode: existed ? 'replace' : 'insert',
  };
}
