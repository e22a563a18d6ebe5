/**
 * Keyed ranges (#38): a per-owner list kept as a dense sequence (1, 2, 3, … with no gaps) and
 * stored in blocks of `blockSize` entries, each block one document keyed `<view>:<block number>`.
 * Because the sequence is dense, the total is the head's counter and page N (newest first) is a
 * known range of sequence numbers, so its blocks are known keys: one or two point reads, on any
 * MongoDB-compatible store, with no sort, no skip and no count query.
 */
const BLOCK_DIGITS = 9;

export interface SequenceRange {
  /** The first and last sequence numbers of the range (1-based, inclusive); empty if last < first. */
  readonly first: number;
  readonly last: number;
}

export class KeyedRange {
  constructor(readonly blockSize: number) {}

  /** The key of the block holding sequence number `seq` (1-based) of `view`. */
  blockKey(view: string, seq: number): string {
    return this.keyOf(view, this.blockOf(seq));
  }

  /** The block number of `seq`, and its slot inside the block. */
  blockOf(seq: number): number {
    return Math.floor((seq - 1) / this.blockSize);
  }

  slotOf(seq: number): number {
    return (seq - 1) % this.blockSize;
  }

  /** The sequence numbers of page `page` (1-based) of `total`, newest (highest) first. */
  newestFirst(total: number, page: number, pageSize: number): SequenceRange {
    return this.below(total - (page - 1) * pageSize + 1, pageSize);
  }

  /** The `count` sequence numbers just below `before` (a cursor's position). */
  below(before: number, count: number): SequenceRange {
    const last = Math.max(0, before - 1);
    return { first: Math.max(1, last - count + 1), last };
  }

  /** The keys of the blocks covering `range`, in ascending order. */
  blockKeys(view: string, range: SequenceRange): string[] {
    if (range.last < range.first) return [];
    const keys: string[] = [];
    for (let block = this.blockOf(range.first); block <= this.blockOf(range.last); block += 1)
      keys.push(this.keyOf(view, block));
    return keys;
  }

  private keyOf(view: string, block: number): string {
    return `${view}:${String(block).padStart(BLOCK_DIGITS, '0')}`;
  }
}
