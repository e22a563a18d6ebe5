import { Injectable } from '@nestjs/common';
import { BrandDealInvitations } from '../../brands/brands.contract.js';
import { mobileOf } from '../application/brand-deals.use-case.js';
import { DealRepository } from '../application/ports/deal.repository.js';

/**
 * The brands module's `BrandDealInvitations` (#25), answered from the deals: in
 * `SIGNUP_MODE=invite`, a number a creator sent a deal to (any deal that left its draft, whatever
 * became of it since) may sign up as a brand.
 */
@Injectable()
export class DealRepositoryBrandDealInvitations extends BrandDealInvitations {
  constructor(private readonly deals: DealRepository) {
    super();
  }

  /** `phone` is E.164 (+91…), as brand accounts hold it; deals hold the ten digits. */
  sentTo(phone: string): Promise<boolean> {
    return this.deals.anySentToMobile(mobileOf(phone));
  }
}
