import type { Deal } from '../../domain/deal.js';

/**
 * An account's erasure (#41) deletes the offers of the creator that were never accepted — a
 * draft, an offer sent, declined, expired or withdrawn before acceptance, with no money and no
 * signed contract: they hold the brand contact's details and nothing the law asks to keep.
 */
export abstract class DealErasure {
  /**
   * Deletes the deal with its rendered contract documents and takes it out of the deals' lists,
   * claim-once against its other moves: false (nothing deleted) when it moved meanwhile, or is no
   * longer such an offer.
   */
  abstract eraseOffer(deal: Deal): Promise<boolean>;
}
