import { ApiProperty } from '@nestjs/swagger';
import type { BrandReview } from '../../application/brand-review.use-case.js';
import { type Deal, DEAL_STATES, type DealState } from '../../domain/deal.js';
import { ContractDto } from './contract.dto.js';
import { DealTermsDto, termsOf } from './deal-terms.dto.js';

/** What the brand's review page shows: the deal (without internal history) and the contract. */
export class BrandReviewDto extends DealTermsDto {
  @ApiProperty() readonly dealId!: string;
  @ApiProperty({ enum: DEAL_STATES }) readonly state!: DealState;
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiProperty() readonly creatorName!: string;
  @ApiProperty({ format: 'date-time' }) readonly linkExpiresAt!: string;
  @ApiProperty({ type: ContractDto }) readonly contract!: ContractDto;

  static of(review: BrandReview): BrandReviewDto {
    const { deal, contract } = review;
    return Object.assign(new BrandReviewDto(), {
      dealId: deal.id,
      state: deal.state,
      version: deal.version,
      creatorName: review.creatorName,
      ...termsOf(deal),
      linkExpiresAt: (deal.linkExpiresAt ?? deal.updatedAt).toISOString(),
      contract: Object.assign(new ContractDto(), {
        version: contract.version,
        templateVersion:
          deal.contracts.find((v) => v.version === deal.version)?.templateVersion ?? '',
        html: contract.html,
        sha256: contract.sha256,
        preview: false,
      }),
    });
  }
}

/** The brand's answer was recorded. */
export class BrandDecisionDto {
  @ApiProperty() readonly dealId!: string;
  @ApiProperty({ enum: DEAL_STATES }) readonly state!: DealState;
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256 of the accepted contract PDF (accept only)',
  })
  readonly documentSha256!: string | null;

  static of(deal: Deal): BrandDecisionDto {
    const version = deal.contracts.find((v) => v.version === deal.version);
    return Object.assign(new BrandDecisionDto(), {
      dealId: deal.id,
      state: deal.state,
      version: deal.version,
      documentSha256: deal.state === 'accepted' ? (version?.sha256 ?? null) : null,
    });
  }
}
