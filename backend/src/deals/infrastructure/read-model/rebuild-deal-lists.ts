import type { Connection, mongo } from 'mongoose';
import { declaredModel } from '../../../database/declared-model.js';
import type { KeyedRow } from '../../../database/keyed-pages.js';
import { type DealDocument, DealRecord, DealSchema, toDeal } from '../deal-document.js';
import {
  canonicalCounters,
  countInto,
  type CreatorCounters,
  type DealListSnapshot,
  emptyCounters,
  placementsOf,
  snapshotOf,
  type StoredRow,
} from './deal-list-snapshot.js';
import {
  type DealListsFollower,
  type DealListsStore,
  type ProjectionDocument,
} from './deal-lists.follower.js';

/** What a rebuild found different from the deals themselves, and then put right. */
export interface DealListsRebuildReport {
  readonly readModel: 'deals';
  readonly deals: number;
  readonly lists: number;
  /** Lists whose rows (or their order, keys or content) differed; the first few named. */
  readonly listsDiffering: number;
  readonly creatorsCountersDiffering: number;
  readonly projectionsDiffering: number;
  readonly examples: readonly string[];
}

const MAX_EXAMPLES = 10;

/**
 * Puts each partition's projections right in two bulk writes (the differing ones deleted, then
 * inserted as recomputed): one scan of the partition rather than one per deal on FerretDB.
 */
async function rebuildProjections(
  store: DealListsStore,
  snapshots: readonly DealListSnapshot[],
): Promise<number> {
  const expectedByPartition = new Map<mongo.Collection<ProjectionDocument>, ProjectionDocument[]>();
  for (const collection of store.allProjections) expectedByPartition.set(collection, []);
  for (const snapshot of snapshots) {
    expectedByPartition.get(store.projections(snapshot.creatorId))?.push({
      _id: snapshot.dealId,
      revision: snapshot.revision,
      snapshot: JSON.stringify(snapshot),
    });
  }
  let differing = 0;
  for (const [collection, expected] of expectedByPartition) {
    const stored = new Map(
      (await collection.find({}).toArray()).map((found) => [found._id, found.snapshot]),
    );
    const changed = expected.filter(
      (projection) => stored.get(projection._id) !== projection.snapshot,
    );
    const expectedIds = new Set(expected.map((projection) => projection._id));
    const extra = [...stored.keys()].filter((id) => !expectedIds.has(id));
    differing += changed.length + extra.length;
    const gone = [...changed.map((projection) => projection._id), ...extra];
    if (gone.length > 0) await collection.deleteMany({ _id: { $in: gone } });
    if (changed.length > 0) await collection.insertMany(changed, { ordered: false });
  }
  return differing;
}

const rowsText = (rows: readonly KeyedRow<StoredRow>[]) =>
  JSON.stringify(rows.map(({ id, sortKey, row }) => [sortKey, id, row]));

/**
 * Recomputes the deals lists from the deals (the source of truth): every list, counter and
 * projection; compares them with what is stored, reports the differences and writes the
 * recomputed ones in their place. Holds the follower's lease, so no follower writes meanwhile.
 * Reads every deal: an operator's command, not a request's work.
 */
export async function rebuildDealLists(
  connection: Connection,
  follower: DealListsFollower,
): Promise<DealListsRebuildReport> {
  while ((await follower.lease.acquire()) <= 0) {
    await new Promise((resolve) => setTimeout(resolve, follower.lease.untilNextWindow() + 5));
  }
  const { store } = follower;
  const stillHeld = async () => {
    if ((await follower.lease.acquire()) === 0) throw new Error('the follower lease was lost');
  };
  const snapshots: DealListSnapshot[] = [];
  const deals = declaredModel(connection, DealRecord.name, DealSchema);
  for await (const document of deals.find({}).lean<DealDocument>().cursor()) {
    snapshots.push(snapshotOf(toDeal(document)));
  }
  const lists = new Map<string, KeyedRow<StoredRow>[]>();
  const counters = new Map<string, CreatorCounters>();
  for (const snapshot of snapshots) {
    for (const { list, ...row } of placementsOf(snapshot)) {
      lists.set(list, [...(lists.get(list) ?? []), row]);
    }
    let creator = counters.get(snapshot.creatorId);
    if (!creator) counters.set(snapshot.creatorId, (creator = emptyCounters()));
    countInto(creator, snapshot, 1);
  }
  const examples: string[] = [];
  const note = (text: string) => {
    if (examples.length < MAX_EXAMPLES) examples.push(text);
  };

  const storedLists = await store.lists.listKeys();
  let listsDiffering = 0;
  for (const list of new Set([...lists.keys(), ...storedLists])) {
    const expected = [...(lists.get(list) ?? [])].sort((a, b) =>
      a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0,
    );
    await stillHeld();
    const stored = await store.lists.all(list);
    if (rowsText(stored) === rowsText(expected)) continue;
    listsDiffering += 1;
    note(`list ${list}: ${String(stored.length)} rows stored, ${String(expected.length)} expected`);
    await store.lists.replace(list, expected);
  }

  const storedCounters = await store.counters.find({}).toArray();
  let countersDiffering = 0;
  for (const creatorId of new Set([...counters.keys(), ...storedCounters.map(({ _id }) => _id)])) {
    await stillHeld();
    const expected = counters.get(creatorId) ?? emptyCounters();
    const stored = await store.countersOf(creatorId);
    if (canonicalCounters(stored) === canonicalCounters(expected)) continue;
    countersDiffering += 1;
    note(
      `counters of ${creatorId}: ${JSON.stringify(stored.byState)} stored, ${JSON.stringify(expected.byState)} expected`,
    );
    await store.counters.replaceOne(
      { _id: creatorId },
      { body: JSON.stringify(expected), lastJournal: 'rebuild' },
      { upsert: true },
    );
  }

  const projectionsDiffering = await rebuildProjections(store, snapshots);
  // The journal of a follower stopped mid-batch is superseded: everything is recomputed.
  await store.journal.deleteOne({ _id: 'journal' });
  return {
    readModel: 'deals',
    deals: snapshots.length,
    lists: lists.size,
    listsDiffering,
    creatorsCountersDiffering: countersDiffering,
    projectionsDiffering,
    examples,
  };
}
