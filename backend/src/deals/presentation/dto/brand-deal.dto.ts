import { ApiProperty } from '@nestjs/swagger';
import type {
  BrandDealLine,
  WorkspaceReviewLink,
} from '../../application/brand-deals.use-cases.js';
import { DEAL_STATES, type DealState } from '../../domain/deal.js';

/** One deal in the brand workspace's list. */
export class BrandDealDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly title!: string;
  @ApiProperty({ enum: DEAL_STATES }) readonly state!: DealState;
  @ApiProperty({ type: String, nullable: true }) readonly campaign!: string | null;
  @ApiProperty({ description: 'The creator, as they signed the contract they sent' })
  readonly creatorName!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly totalPaise!: number;
  @ApiProperty({ type: 'integer' }) readonly milestoneCount!: number;
  @ApiProperty({ format: 'date-time' }) readonly sentAt!: string;
  @ApiProperty({ format: 'date-time' }) readonly updatedAt!: string;
  @ApiProperty({
    format: 'date-time',
    type: String,
    nullable: true,
    description: 'While the deal awaits the brand: when it expires unanswered',
  })
  readonly linkExpiresAt!: string | null;

  static of(line: BrandDealLine): BrandDealDto {
    return Object.assign(new BrandDealDto(), {
      ...line,
      sentAt: line.sentAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
      linkExpiresAt: line.linkExpiresAt?.toISOString() ?? null,
    });
  }
}

export class BrandDealListDto {
  @ApiProperty({
    type: [BrandDealDto],
    description: 'Newest sent first; at most 100',
  })
  readonly items!: BrandDealDto[];

  static of(lines: readonly BrandDealLine[]): BrandDealListDto {
    return Object.assign(new BrandDealListDto(), {
      items: lines.map((line) => BrandDealDto.of(line)),
    });
  }
}

/** A fresh review link token: what the e-mailed link carries, for the review page's calls. */
export class WorkspaceReviewLinkDto {
  @ApiProperty({
    description: "A single-purpose review token for the deal's current version (deal-review/*)",
  })
  readonly token!: string;
  @ApiProperty({ format: 'date-time' }) readonly expiresAt!: string;

  static of(link: WorkspaceReviewLink): WorkspaceReviewLinkDto {
    return Object.assign(new WorkspaceReviewLinkDto(), {
      token: link.token,
      expiresAt: link.expiresAt.toISOString(),
    });
  }
}
