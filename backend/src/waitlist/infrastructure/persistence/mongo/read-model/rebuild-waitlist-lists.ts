import type { mongo } from 'mongoose';
import type { KeyedRow } from '../../../../../database/keyed-pages.js';
import { DIRECTORY_PROJECTION, type StoredDirectoryEntry } from '../waitlist-directory.mapper.js';
import {
  placed,
  type ProjectionDocument,
  type WaitlistListsFollower,
  type WaitlistListsStore,
} from './waitlist-lists.js';
import {
  canonicalCounters,
  countInto,
  emptyCounters,
  listKeyOf,
  rowOf,
  SORT_LISTS,
  type WaitlistRow,
} from './waitlist-rows.js';

/** What a rebuild found different from the entries themselves, and then put right. */
export interface WaitlistListsRebuildReport {
  readonly readModel: 'waitlist';
  readonly entries: number;
  /** Lists (one per order) whose rows, order or content differed. */
  readonly listsDiffering: number;
  readonly countersDiffering: boolean;
  readonly projectionsDiffering: number;
  readonly examples: readonly string[];
}

const rowsText = (rows: readonly KeyedRow<WaitlistRow>[]) =>
  JSON.stringify(rows.map(({ id, sortKey, row }) => [sortKey, id, row]));

const byKey = (a: KeyedRow<WaitlistRow>, b: KeyedRow<WaitlistRow>) =>
  a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0;

/**
 * Recomputes the waitlist table's read model from `waitlist_entries` (the source of truth): the
 * lists, the counters and the projections; compares, reports and writes the recomputed ones.
 * Holds the follower's lease throughout; the changes recorded before it read the entries are
 * covered by that read and dropped, later ones are left to the follower. Reads every entry: an
 * operator's command (and the first build of an existing waitlist), not a request's work.
 */
export async function rebuildWaitlistLists(
  follower: WaitlistListsFollower,
): Promise<WaitlistListsRebuildReport> {
  while ((await follower.lease.acquire()) <= 0) {
    await new Promise((resolve) => setTimeout(resolve, follower.lease.untilNextWindow() + 5));
  }
  const { store } = follower;
  const covered = (await store.changes.find({}, { projection: { _id: 1 } }).toArray()).map(
    ({ _id }) => _id,
  );
  const rows: WaitlistRow[] = [];
  const cursor = store.entries
    .find({ trapped: { $ne: true } }, DIRECTORY_PROJECTION)
    .batchSize(1_000)
    .lean<StoredDirectoryEntry>()
    .cursor();
  for await (const stored of cursor) rows.push(rowOf(stored));

  const examples: string[] = [];
  let listsDiffering = 0;
  for (const field of SORT_LISTS) {
    const expected = rows.map((row) => placed(field, row.id, row)).sort(byKey);
    await follower.holdLease();
    const stored = await store.lists.all(listKeyOf(field));
    if (rowsText(stored) === rowsText(expected)) continue;
    listsDiffering += 1;
    examples.push(
      `list ${field}: ${String(stored.length)} rows stored, ${String(expected.length)} expected`,
    );
    await store.lists.replace(listKeyOf(field), expected);
  }

  const counters = emptyCounters();
  for (const row of rows) countInto(counters, row, 1);
  const storedCounters = await store.countersOrNull();
  const countersDiffering =
    storedCounters === null || canonicalCounters(storedCounters) !== canonicalCounters(counters);
  if (countersDiffering) {
    examples.push(
      `counters: ${JSON.stringify(storedCounters?.byStatus ?? null)} stored, ${JSON.stringify(counters.byStatus)} expected`,
    );
    await follower.holdLease();
    await store.writeCounters(counters, 'rebuild');
  }

  const projectionsDiffering = await rebuildProjections(store, rows);
  await store.journal.deleteOne({ _id: 'journal' });
  if (covered.length > 0) await store.changes.deleteMany({ _id: { $in: covered } });
  return {
    readModel: 'waitlist',
    entries: rows.length,
    listsDiffering,
    countersDiffering,
    projectionsDiffering,
    examples,
  };
}

/** Each partition put right in two bulk writes: one read of it rather than one per entry. */
async function rebuildProjections(
  store: WaitlistListsStore,
  rows: readonly WaitlistRow[],
): Promise<number> {
  const expected = new Map<mongo.Collection<ProjectionDocument>, ProjectionDocument[]>();
  for (const collection of store.allProjections) expected.set(collection, []);
  for (const row of rows) {
    expected.get(store.projections(row.id))?.push({ _id: row.id, row: JSON.stringify(row) });
  }
  let differing = 0;
  for (const [collection, wanted] of expected) {
    const stored = new Map(
      (await collection.find({}).toArray()).map((found) => [found._id, found.row]),
    );
    const changed = wanted.filter((projection) => stored.get(projection._id) !== projection.row);
    const wantedIds = new Set(wanted.map(({ _id }) => _id));
    const extra = [...stored.keys()].filter((id) => !wantedIds.has(id));
    differing += changed.length + extra.length;
    const gone = [...changed.map(({ _id }) => _id), ...extra];
    if (gone.length > 0) await collection.deleteMany({ _id: { $in: gone } });
    if (changed.length > 0) await collection.insertMany(changed, { ordered: false });
  }
  return differing;
}
