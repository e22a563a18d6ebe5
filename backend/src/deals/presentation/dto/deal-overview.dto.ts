import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import type { Campaign, Collaboration, Overview } from '../../application/deal-queries.use-case.js';
import { DealListItemDto } from './deal-response.dto.js';

/** How many deals, how many under contract (accepted), and what those are worth. */
export abstract class DealTotalsDto {
  @ApiProperty({ type: 'integer' }) readonly dealCount!: number;
  @ApiProperty({ type: 'integer', description: 'Deals under contract (accepted)' })
  readonly activeCount!: number;
  @ApiProperty({ type: 'integer', description: 'Integer paise of accepted deals' })
  readonly totalUnderContractPaise!: number;
}

export class CollaborationDto extends DealTotalsDto {
  @ApiProperty() readonly brand!: string;
  @ApiProperty({ type: 'integer' }) readonly proposalCount!: number;
  @ApiProperty({ format: 'date-time' }) readonly lastActivityAt!: string;

  static of(item: Collaboration): CollaborationDto {
    return Object.assign(new CollaborationDto(), {
      ...item,
      lastActivityAt: item.lastActivityAt.toISOString(),
    });
  }
}

export class CollaborationPageDto extends PageOf(CollaborationDto) {}

export class CampaignDto extends DealTotalsDto {
  @ApiProperty() readonly name!: string;
  @ApiProperty({ type: [String] }) readonly brands!: string[];
  @ApiProperty({ type: 'integer' }) readonly draftCount!: number;
  @ApiProperty({ type: 'integer' }) readonly completedCount!: number;
  @ApiProperty({ type: 'integer', description: 'Integer paise of every deal' })
  readonly totalPaise!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 }) readonly progressPercent!: number;
  @ApiProperty({ enum: ['running', 'draft', 'completed', 'other'] })
  readonly status!: 'running' | 'draft' | 'completed' | 'other';
  @ApiProperty({ format: 'date-time' }) readonly lastActivityAt!: string;

  static of(item: Campaign): CampaignDto {
    return Object.assign(new CampaignDto(), {
      ...item,
      brands: [...item.brands],
      lastActivityAt: item.lastActivityAt.toISOString(),
    });
  }
}

export class CampaignPageDto extends PageOf(CampaignDto) {}

export class DealOverviewDto extends DealTotalsDto {
  @ApiProperty({
    type: [DealListItemDto],
    description: 'Drafts and deals sent back for changes (newest 5)',
  })
  readonly needsAction!: DealListItemDto[];
  @ApiProperty({ type: 'integer' }) readonly needsActionCount!: number;
  @ApiProperty({ type: [DealListItemDto], description: 'Sent deals awaiting the brand (newest 5)' })
  readonly awaitingBrand!: DealListItemDto[];
  @ApiProperty({ type: 'integer' }) readonly awaitingBrandCount!: number;

  static of(overview: Overview): DealOverviewDto {
    return Object.assign(new DealOverviewDto(), {
      ...overview,
      needsAction: overview.needsAction.map((item) => DealListItemDto.ofSummary(item)),
      awaitingBrand: overview.awaitingBrand.map((item) => DealListItemDto.ofSummary(item)),
    });
  }
}
