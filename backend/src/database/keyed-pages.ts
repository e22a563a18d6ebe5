import type { mongo } from 'mongoose';
import { isDuplicateKeysOnly } from './duplicate-key.js';

/**
 * Keyed pages: ordered lists kept ready for reading, addressed only by `_id` (issue #38).
 *
 * Why not one document per row and an `_id` range: FerretDB 1.x (SQLite) pushes no range and no
 * sort down to SQLite, and even its `_id` equality is evaluated row by row (its `_id` index is not
 * used: `explain` shows `SCAN`). So on the store `npm start` runs, every read costs the bytes of
 * the collection it reads, and a range read costs a full scan in FerretDB's own process. A list
 * is therefore stored as a directory document (`_id` = the list's key: its chunks, their sizes
 * and first keys) and chunk documents of at most `chunkSize` rows each (`_id` = `<list>#<n>`),
 * rows packed as one JSON string (SQLite reads a string without parsing it). A page is two or
 * three point reads whatever the list's length; on MongoDB each one is an `_id` index lookup.
 *
 * Writes are copy-on-write: changed chunks are written under fresh numbers, then the directory
 * (one document, the commit point), then the replaced chunks are deleted. A writer killed half
 * way leaves the previous list whole (and perhaps unreferenced chunks, which nothing reads).
 * Writers of one list must not run at once: callers hold a `WindowLease` (window-lease.ts).
 */

/** One row of a list: its identity within the list, the key it sorts by (ascending), the row. */
export interface KeyedRow<Row> {
  readonly id: string;
  readonly sortKey: string;
  readonly row: Row;
}

interface ChunkRef {
  readonly n: number;
  readonly count: number;
  /** The sort key of the chunk's first row. */
  readonly first: string;
}

export interface DirectoryDocument {
  _id: string;
  chunks: ChunkRef[];
  total: number;
  next: number;
}

interface ChunkDocument {
  _id: string;
  list: string;
  /** JSON of `[sortKey, id, row][]`, ascending by sort key. */
  rows: string;
}

type KeyedDocument = DirectoryDocument | ChunkDocument;
type Packed<Row> = [string, string, Row];

const chunkIdOf = (list: string, n: number) => `${list}#${String(n)}`;

export interface KeyedPage<Row> {
  readonly rows: readonly KeyedRow<Row>[];
  /** Rows in the whole list. */
  readonly total: number;
}

/** Which of `partitions` a key falls in (FNV-1a): stable across processes and releases. */
export function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/** The collections of a partitioned read model: `<base>_<n>`, n from 0. */
export function partitionNames(base: string, partitions: number): string[] {
  return Array.from({ length: partitions }, (_, n) => `${base}_${String(n)}`);
}

/** The collections of a partitioned read model (for its own parts beside its keyed pages). */
export function partitionedCollections<T extends mongo.Document>(
  db: mongo.Db,
  base: string,
  partitions: number,
): mongo.Collection<T>[] {
  return partitionNames(base, partitions).map((name) => db.collection<T>(name));
}

export interface KeyedPagesOptions {
  /** Collections the lists are spread over (by list key): a read scans only its own on FerretDB. */
  readonly partitions?: number;
  readonly chunkSize?: number;
  /**
   * Chunks spread over this many collections of their own (`<base>_chunks_<n>`, by chunk id),
   * directories left alone in theirs: for a few long lists (a read on FerretDB costs the bytes
   * of the collection read, and one list of 100,000 rows is megabytes). Default: chunks beside
   * their directory.
   */
  readonly chunkPartitions?: number;
}

export class KeyedPages<Row> {
  private readonly collections: mongo.Collection<KeyedDocument>[];
  private readonly chunkCollections: mongo.Collection<KeyedDocument>[];
  private readonly chunkSize: number;

  constructor(db: mongo.Db, base: string, options: KeyedPagesOptions = {}) {
    this.collections = partitionNames(base, options.partitions ?? 32).map((name) =>
      db.collection<KeyedDocument>(name),
    );
    this.chunkCollections = partitionNames(`${base}_chunks`, options.chunkPartitions ?? 0).map(
      (name) => db.collection<KeyedDocument>(name),
    );
    this.chunkSize = options.chunkSize ?? 200;
  }

  /** Where a chunk is stored: beside its directory, or in its own partition. */
  private chunkCollection(list: string, chunkId: string): mongo.Collection<KeyedDocument> {
    return this.chunkCollections.length === 0
      ? this.collection(list)
      : (this.chunkCollections[
          partitionOf(chunkId, this.chunkCollections.length)
        ] as mongo.Collection<KeyedDocument>);
  }

  private async deleteChunks(list: string, chunkIds: readonly string[]): Promise<void> {
    for (const [collection, ids] of groupByCollection(chunkIds, (id) =>
      this.chunkCollection(list, id),
    )) {
      await collection.deleteMany({ _id: { $in: ids } });
    }
  }

  private collection(list: string): mongo.Collection<KeyedDocument> {
    return this.collections[
      partitionOf(list, this.collections.length)
    ] as mongo.Collection<KeyedDocument>;
  }

  /** Every list's key (rebuild's comparison; reads every partition). */
  async listKeys(): Promise<string[]> {
    const keys: string[] = [];
    for (const collection of this.collections) {
      const found = await collection
        .find({ chunks: { $exists: true } }, { projection: { _id: 1 } })
        .toArray();
      keys.push(...found.map(({ _id }) => _id));
    }
    return keys;
  }

  async directory(list: string): Promise<DirectoryDocument | null> {
    const found = await this.collection(list).findOne({ _id: list });
    return found && 'chunks' in found ? found : null;
  }

  /** Rows `offset` to `offset + limit` (at most two chunk reads for a page ≤ a chunk). */
  async page(list: string, offset: number, limit: number): Promise<KeyedPage<Row>> {
    const directory = await this.directory(list);
    if (!directory) return { rows: [], total: 0 };
    return { rows: await this.slice(directory, offset, limit), total: directory.total };
  }

  /** The same page counted from the list's end, rows last first (a descending order's page). */
  async pageFromEnd(list: string, offset: number, limit: number): Promise<KeyedPage<Row>> {
    const directory = await this.directory(list);
    if (!directory) return { rows: [], total: 0 };
    const start = Math.max(0, directory.total - offset - limit);
    const count = Math.max(0, directory.total - offset - start);
    const rows = await this.slice(directory, start, count);
    return { rows: rows.reverse(), total: directory.total };
  }

  private async slice(
    directory: DirectoryDocument,
    offset: number,
    limit: number,
  ): Promise<KeyedRow<Row>[]> {
    if (limit <= 0) return [];
    const wanted: ChunkRef[] = [];
    let start = 0;
    let skip = 0;
    for (const chunk of directory.chunks) {
      const end = start + chunk.count;
      if (end > offset && start < offset + limit) {
        if (wanted.length === 0) skip = offset - start;
        wanted.push(chunk);
      }
      start = end;
    }
    return (await this.readChunks(directory._id, wanted)).slice(skip, skip + limit);
  }

  /** The `limit` rows after `sortKey` (exclusive): what a cursor continues from. */
  async after(list: string, sortKey: string, limit: number): Promise<KeyedPage<Row>> {
    const directory = await this.directory(list);
    if (!directory) return { rows: [], total: 0 };
    const from = Math.max(
      0,
      directory.chunks.findLastIndex((chunk) => chunk.first <= sortKey),
    );
    const wanted: ChunkRef[] = [];
    let counted = 0;
    for (const chunk of directory.chunks.slice(from)) {
      wanted.push(chunk);
      counted += chunk.count;
      if (counted > limit) break;
    }
    const rows = (await this.readChunks(list, wanted)).filter((row) => row.sortKey > sortKey);
    return { rows: rows.slice(0, limit), total: directory.total };
  }

  private async readChunks(list: string, refs: readonly ChunkRef[]): Promise<KeyedRow<Row>[]> {
    const chunks = await Promise.all(
      refs.map((ref) => {
        const _id = chunkIdOf(list, ref.n);
        return this.chunkCollection(list, _id).findOne({ _id });
      }),
    );
    return chunks.flatMap((chunk) => (chunk && 'rows' in chunk ? unpack<Row>(chunk.rows) : []));
  }

  /** Every row of the list, in order (rebuild's comparison; reads every chunk). */
  async all(list: string): Promise<KeyedRow<Row>[]> {
    const directory = await this.directory(list);
    return directory ? this.readChunks(list, directory.chunks) : [];
  }

  /**
   * Removes each row of `remove` (found by its id at its sort key), then puts `put` (replacing a
   * row of the same id at the same key): applying the same change twice leaves the list as
   * applying it once. Reads only the chunks the keys fall in.
   */
  async apply(
    list: string,
    remove: readonly Pick<KeyedRow<Row>, 'id' | 'sortKey'>[],
    put: readonly KeyedRow<Row>[],
  ): Promise<void> {
    const directory = (await this.directory(list)) ?? { _id: list, chunks: [], total: 0, next: 0 };
    const rowsOf = new Map<number, KeyedRow<Row>[]>();
    const touched = new Set<number>();
    const chunkFor = async (sortKey: string) => {
      if (directory.chunks.length === 0) directory.chunks.push({ n: -1, count: 0, first: '' });
      const index = Math.max(
        0,
        directory.chunks.findLastIndex((c) => c.first <= sortKey),
      );
      const ref = directory.chunks[index] as ChunkRef;
      if (!rowsOf.has(ref.n)) {
        rowsOf.set(ref.n, ref.n < 0 ? [] : await this.readChunks(list, [ref]));
      }
      return { n: ref.n, rows: rowsOf.get(ref.n) ?? [] };
    };
    for (const gone of [...remove, ...put]) {
      const { n, rows } = await chunkFor(gone.sortKey);
      const kept = rows.filter((row) => row.id !== gone.id);
      if (kept.length !== rows.length) touched.add(n);
      rowsOf.set(n, kept);
    }
    for (const row of put) {
      const { n, rows } = await chunkFor(row.sortKey);
      rows.splice(sortedIndex(rows, row.sortKey), 0, row);
      touched.add(n);
    }
    await this.commit(directory, rowsOf, touched);
  }

  private async commit(
    directory: DirectoryDocument,
    rowsOf: Map<number, KeyedRow<Row>[]>,
    touched: Set<number>,
  ) {
    if (touched.size === 0) return;
    const list = directory._id;
    const chunks: ChunkRef[] = [];
    const written: ChunkDocument[] = [];
    for (const ref of directory.chunks) {
      if (!touched.has(ref.n)) {
        chunks.push(ref);
        continue;
      }
      const rows = rowsOf.get(ref.n) ?? [];
      for (let start = 0; start < rows.length; start += this.chunkSize) {
        const part = rows.slice(start, start + this.chunkSize);
        const n = directory.next++;
        chunks.push({ n, count: part.length, first: part[0]?.sortKey ?? '' });
        written.push({ _id: chunkIdOf(list, n), list, rows: pack(part) });
      }
    }
    const collection = this.collection(list);
    for (const [chunkCollection, chunks] of groupByCollection(written, (chunk) =>
      this.chunkCollection(list, chunk._id),
    )) {
      await insertOverOrphans(chunkCollection, chunks);
    }
    const next: DirectoryDocument = {
      _id: list,
      chunks,
      total: chunks.reduce((sum, chunk) => sum + chunk.count, 0),
      next: directory.next,
    };
    // An emptied list leaves no document: its key may name a person (a brand's address).
    if (chunks.length === 0) await collection.deleteOne({ _id: list });
    else await collection.replaceOne({ _id: list }, next, { upsert: true });
    const replaced = [...touched].filter((n) => n >= 0).map((n) => chunkIdOf(list, n));
    if (replaced.length > 0) await this.deleteChunks(list, replaced);
  }

  /** Replaces the whole list by `rows` (rebuild; the bulk path of a fresh list). */
  async replace(list: string, rows: readonly KeyedRow<Row>[]) {
    const previous = await this.directory(list);
    const sorted = [...rows].sort((a, b) => compare(a.sortKey, b.sortKey));
    const directory: DirectoryDocument = {
      _id: list,
      chunks: [{ n: -1, count: 0, first: '' }],
      total: 0,
      next: previous?.next ?? 0,
    };
    await this.commit(directory, new Map([[-1, sorted]]), new Set([-1]));
    const stale = (previous?.chunks ?? []).map((ref) => chunkIdOf(list, ref.n));
    if (stale.length > 0) await this.deleteChunks(list, stale);
  }
}

/**
 * Inserts new chunks. A writer killed after writing chunks but before its directory left them
 * unreferenced under the numbers the directory still offers: those orphans are replaced.
 */
async function insertOverOrphans(
  collection: mongo.Collection<KeyedDocument>,
  chunks: ChunkDocument[],
): Promise<void> {
  try {
    await collection.insertMany(chunks, { ordered: false });
  } catch (error) {
    if (!isDuplicateKeysOnly(error)) throw error;
    await collection.deleteMany({ _id: { $in: chunks.map((chunk) => chunk._id) } });
    await collection.insertMany(chunks, { ordered: false });
  }
}

function groupByCollection<T>(
  items: readonly T[],
  collectionOf: (item: T) => mongo.Collection<KeyedDocument>,
): Map<mongo.Collection<KeyedDocument>, T[]> {
  const groups = new Map<mongo.Collection<KeyedDocument>, T[]>();
  for (const item of items) {
    const collection = collectionOf(item);
    groups.set(collection, [...(groups.get(collection) ?? []), item]);
  }
  return groups;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortedIndex<Row>(rows: readonly KeyedRow<Row>[], sortKey: string): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle]?.sortKey ?? '') < sortKey) low = middle + 1;
    else high = middle;
  }
  return low;
}

function pack<Row>(rows: readonly KeyedRow<Row>[]): string {
  return JSON.stringify(rows.map((row): Packed<Row> => [row.sortKey, row.id, row.row]));
}

function unpack<Row>(text: string): KeyedRow<Row>[] {
  return (JSON.parse(text) as Packed<Row>[]).map(([sortKey, id, row]) => ({ sortKey, id, row }));
}
