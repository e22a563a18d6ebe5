import {
  type CreatorLinesQuery,
  LedgerFeed,
  type LedgerFollower,
  LedgerReader,
  type TransactionKind,
} from '../ledger.contract.js';
import type { MongoLedger } from './mongo-ledger.js';

/**
 * The reader and feed ports over one ledger, for what is built without Nest (the commands, other
 * modules' integration tests); the module binds the same adapter to them with `useExisting`.
 */
export function ledgerPortsOf(ledger: MongoLedger): {
  readonly reader: LedgerReader;
  readonly feed: LedgerFeed;
} {
  const reader = new (class extends LedgerReader {
    balancesOf(creatorId: string) {
      return ledger.balancesOf(creatorId);
    }
    creatorLines(query: CreatorLinesQuery) {
      return ledger.creatorLines(query);
    }
    transactionsOfKind(kind: TransactionKind, afterId: string | null, limit: number) {
      return ledger.transactionsOfKind(kind, afterId, limit);
    }
  })();
  const feed = new (class extends LedgerFeed {
    next(follower: LedgerFollower, limit: number) {
      return ledger.next(follower, limit);
    }
    taken(follower: LedgerFollower, transactionIds: readonly string[]) {
      return ledger.taken(follower, transactionIds);
    }
  })();
  return { reader, feed };
}
