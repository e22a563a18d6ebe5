/**
 * An account's erasure (#41): its insights (a read model of its deals' facts, titles and brand
 * names included) go with it. Rebuilt only from deals, so nothing is lost that is kept.
 */
export abstract class InsightsErasure {
  /** Idempotent: an account without insights is a success. */
  abstract eraseOf(party: 'creator' | 'brand', accountId: string): Promise<void>;
}
