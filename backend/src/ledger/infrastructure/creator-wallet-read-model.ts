import {
  type AppliedChanges,
  KeyedRange,
  type ReadModelOwner,
  ReadModelStore,
  type ReadModelWrite,
  type SequenceRange,
} from '../../database/read-models/index.js';
import {
  applyTransactions,
  type CreatorWalletState,
  EMPTY_WALLET,
  type PlacedLine,
  type WalletLineRecord,
  type WalletView,
} from '../domain/creator-wallet.js';
import type { LedgerTransaction } from '../domain/ledger-transaction.js';

export const WALLET_MODEL = 'wallet';
/** Lines per block document: a page of 25 or 50 lines is one or two point reads. */
export const WALLET_BLOCK_SIZE = 50;
/** Above this many blocks, a range of all lines is read as the creator's whole part instead. */
const MAX_POINT_READS = 8;

interface BlockDocument {
  _id: string;
  lines: WalletLineRecord[];
}

interface LedgerChange {
  readonly id: string;
  readonly transaction: LedgerTransaction;
}

/** Each view in its own part, so a read of one view's block scans only that view (FerretDB). */
const partOf = (view: WalletView): string => view.split(':')[0] ?? 'all';

export const walletOwner = (creatorId: string): ReadModelOwner => ({
  model: WALLET_MODEL,
  owner: creatorId,
});

/**
 * The creator's wallet read model (#38) in the read-model kit: a head per creator (balances, per
 * deal, per month, the views' lengths) and the lines in blocks of 50 per view (all, deal, kind).
 * `apply` takes ledger transactions and applies each once, keyed by its `eventKey`.
 */
export class CreatorWalletReadModel {
  readonly range = new KeyedRange(WALLET_BLOCK_SIZE);

  constructor(private readonly store: ReadModelStore) {}

  /** Applies each transaction to its creator's wallet once; answers how many were new. */
  async apply(transactions: readonly LedgerTransaction[]): Promise<number> {
    const byCreator = new Map<string, LedgerChange[]>();
    for (const transaction of transactions) {
      const changes = byCreator.get(transaction.creatorId) ?? [];
      changes.push({ id: transaction.eventKey, transaction });
      byCreator.set(transaction.creatorId, changes);
    }
    let applied = 0;
    for (const [creatorId, changes] of byCreator) {
      applied += await this.store.applyOnce<CreatorWalletState, LedgerChange>(
        walletOwner(creatorId),
        changes,
        (state, fresh) => this.plan(creatorId, state, fresh),
      );
    }
    return applied;
  }

  async head(creatorId: string) {
    return this.store.head<CreatorWalletState>(walletOwner(creatorId));
  }

  /** The lines of `range` in `view`, newest first: the blocks covering it, by key. */
  async lines(
    creatorId: string,
    view: WalletView,
    range: SequenceRange,
  ): Promise<WalletLineRecord[]> {
    const keys = this.range.blockKeys(view, range);
    if (view === 'all' && keys.length > MAX_POINT_READS) {
      // A long range (the CSV): one read of the creator's lines beats hundreds of point reads.
      const all = await this.allLines(creatorId);
      return all.slice(range.first - 1, range.last).reverse();
    }
    const blocks = await this.store.getMany<BlockDocument>(
      walletOwner(creatorId),
      partOf(view),
      keys,
    );
    const first = this.range.blockOf(range.first) * WALLET_BLOCK_SIZE;
    return blocks
      .flatMap(({ lines }) => lines)
      .map((line, index) => ({ line, position: first + index + 1 }))
      .filter(({ position }) => position >= range.first && position <= range.last)
      .map(({ line }) => line)
      .reverse();
  }

  /** Every line of the creator in order (one read of their `all` part: O(their lines)). */
  async allLines(creatorId: string): Promise<WalletLineRecord[]> {
    const blocks = await this.store.all<BlockDocument>(walletOwner(creatorId), 'all');
    return blocks.sort((a, b) => a._id.localeCompare(b._id)).flatMap(({ lines }) => lines);
  }

  async creators(): Promise<string[]> {
    return this.store.owners(WALLET_MODEL);
  }

  async drop(creatorId: string): Promise<void> {
    await this.store.drop(walletOwner(creatorId));
  }

  private async plan(
    creatorId: string,
    state: CreatorWalletState | null,
    fresh: readonly LedgerChange[],
  ): Promise<AppliedChanges<CreatorWalletState>> {
    const applied = applyTransactions(
      state ?? EMPTY_WALLET,
      creatorId,
      fresh.map(({ transaction }) => transaction),
    );
    const blocks = new Map<string, { part: string; lines: WalletLineRecord[]; existed: boolean }>();
    const touched = new Map<string, { part: string; key: string }>();
    for (const { view, position } of applied.placed) {
      const key = this.range.blockKey(view, position);
      touched.set(key, { part: partOf(view), key });
    }
    // Only the first block each view touches can exist already (the one its last line is in).
    for (const { part, key } of touched.values()) {
      const stored = await this.firstTouched(creatorId, part, key, applied.placed);
      blocks.set(key, { part, lines: stored ? [...stored.lines] : [], existed: stored !== null });
    }
    for (const { view, position, line } of applied.placed as readonly PlacedLine[]) {
      const block = blocks.get(this.range.blockKey(view, position));
      if (block) block.lines[this.range.slotOf(position)] = line;
    }
    const writes: ReadModelWrite[] = [...blocks].map(([key, block]) => ({
      part: block.part,
      doc: { _id: key, lines: block.lines },
      mode: block.existed ? 'replace' : 'insert',
    }));
    return { state: applied.state, writes };
  }

  /** The stored block `key` if it may hold earlier lines (a view's first touched block), else null. */
  private async firstTouched(
    creatorId: string,
    part: string,
    key: string,
    placed: readonly PlacedLine[],
  ): Promise<BlockDocument | null> {
    const first = placed.find(({ view, position }) => this.range.blockKey(view, position) === key);
    if (!first || this.range.slotOf(first.position) === 0) return null;
    return this.store.get<BlockDocument>(walletOwner(creatorId), part, key);
  }
}
