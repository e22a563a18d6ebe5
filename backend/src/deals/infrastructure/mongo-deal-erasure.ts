import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ClaimOnce } from '../../database/claim-once.js';
import { DealErasure } from '../application/ports/deal-erasure.js';
import type { Deal } from '../domain/deal.js';
import { isNeverAcceptedOffer } from '../domain/never-accepted.js';
import { toDocument, DealRecord } from './deal-document.js';
import { ContractDocumentRecord } from './mongo-contract-documents.js';
import {
  claimIdOf,
  type DealClaimDocument,
  DealClaimRecord,
  dealClaimsOf,
} from './mongo-deal.repository.js';
import { erasedSnapshotOf } from './read-model/deal-list-snapshot.js';
import { MongoDealLists } from './read-model/mongo-deal-lists.js';

/**
 * Deletes a never-accepted offer as the repository changes a deal: its revision claimed first in
 * `deal_claims` (of a brand accepting at that moment and the erasure, one wins), then the
 * tombstone recorded for the lists (the follower takes the deal out of every list and counter),
 * then the deal deleted at that revision, then its rendered contracts and its claims (copies of
 * it). A deal a reader moved on meanwhile stays (kept rather than deleted unchecked). Stopped
 * between the deletion and the tombstone, the lists keep a row until they are rebuilt.
 */
@Injectable()
export class MongoDealErasure extends DealErasure {
  private readonly claims: ClaimOnce<DealClaimDocument>;

  constructor(
    @InjectModel(DealRecord.name) private readonly deals: Model<DealRecord>,
    @InjectModel(DealClaimRecord.name) private readonly claimModel: Model<DealClaimRecord>,
    @InjectModel(ContractDocumentRecord.name)
    private readonly documents: Model<ContractDocumentRecord>,
    private readonly lists: MongoDealLists,
  ) {
    super();
    this.claims = dealClaimsOf(claimModel);
  }

  async eraseOffer(deal: Deal): Promise<boolean> {
    if (!isNeverAcceptedOffer(deal)) return false;
    const claimed = await this.claims.claim({
      _id: claimIdOf(deal.id, deal.revision),
      dealId: deal.id,
      revision: deal.revision,
      next: toDocument({ ...deal, revision: deal.revision + 1 }),
      at: new Date(),
    });
    if (!claimed) return false;
    const deleted = await this.deals.deleteOne({ _id: deal.id, revision: deal.revision }).exec();
    if (deleted.deletedCount !== 1) return false;
    await this.lists.record([erasedSnapshotOf(deal, deal.revision + 1)]);
    await this.lists.settle();
    await this.documents.deleteMany({ dealId: deal.id }).exec();
    // Its claims hold copies of the deal; with the deal gone no reader settles them.
    await this.claimModel.deleteMany({ dealId: deal.id }).exec();
    return true;
  }
}
