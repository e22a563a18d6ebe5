import type {
  LedgerReader,
  LedgerTransaction,
  TransactionKind,
} from '../../ledger/ledger.contract.js';
import type { LedgerCursors } from './ports/ledger-cursors.js';

/** A position past every transaction id: the walk is over, the ledger feed carries on. */
export const CAUGHT_UP = 'f'.repeat(24);

/**
 * The journal's transactions of `kind` after `from` (null: from its start), `batch` at a time,
 * each batch handed to `handle`: on a store that scans, the whole journal per batch, so only
 * for a rebuild or a catch-up, never on a timer. Answers what `handle` counted.
 */
export async function walkJournal(
  ledger: LedgerReader,
  kind: TransactionKind,
  from: string | null,
  batch: number,
  handle: (transactions: readonly LedgerTransaction[]) => Promise<number>,
): Promise<number> {
  let counted = 0;
  let after = from;
  for (;;) {
    const transactions = await ledger.transactionsOfKind(kind, after, batch);
    const last = transactions.at(-1);
    if (!last) return counted;
    counted += await handle(transactions);
    after = last.id;
  }
}

/**
 * Once per start of a follower that walked the journal by position before its ledger feed
 * existed: from each position kept (`cursor` per kind) on to the journal's end, then the position
 * is left CAUGHT_UP (the feed has every transaction recorded since). A new database has no
 * position: its walk is of an empty journal. Handling is idempotent, so two instances catching up
 * at once, or a transaction both walked and fed, count once in the follower's books.
 */
export async function catchUpFromPositions(
  ledger: LedgerReader,
  cursors: LedgerCursors,
  positions: ReadonlyArray<{ readonly cursor: string; readonly kind: TransactionKind }>,
  batch: number,
  handle: (transactions: readonly LedgerTransaction[]) => Promise<number>,
): Promise<number> {
  let counted = 0;
  for (const { cursor, kind } of positions) {
    const from = await cursors.get(cursor);
    if (from === CAUGHT_UP) continue;
    counted += await walkJournal(ledger, kind, from, batch, handle);
    await cursors.advance(cursor, CAUGHT_UP);
  }
  return counted;
}
