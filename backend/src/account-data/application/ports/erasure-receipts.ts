import type { KeptRecord } from '../../domain/account-erasure.js';

/** What an erasure kept, as shown to the person when it was done (no personal data). */
export interface ErasureReceipt {
  readonly erasedAt: Date;
  readonly kept: readonly KeptRecord[];
}

/** The erasures' receipts, one per erased account id. */
export abstract class ErasureReceipts {
  /** Stores it once: an erasure resumed after a crash keeps its first receipt. */
  abstract saveOnce(accountId: string, receipt: ErasureReceipt): Promise<ErasureReceipt>;
  abstract find(accountId: string): Promise<ErasureReceipt | undefined>;
}
