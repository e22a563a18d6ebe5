import { ApiProperty } from '@nestjs/swagger';
import { pick } from '../../../common/domain/pick.js';
import { PageOf } from '../../../common/presentation/page.dto.js';
import type { DealSummary } from '../../application/ports/deal.repository.js';
import {
  CREATOR_ACTIONS,
  type CreatorAction,
  creatorActionsFor,
  type Deal,
  DEAL_STATES,
  type DealState,
} from '../../domain/deal.js';
import {
  type AgreedCancellationDto,
  CancellationProperty,
  type CancellationProposalDto,
  cancellationStateOf,
} from './cancellation.dto.js';
import { ContractVersionDto } from './contract.dto.js';
import { HistoryEntryDto } from './deal-history.dto.js';
import { DealTermsDto, termsOf } from './deal-terms.dto.js';

export class DealProblemDto {
  @ApiProperty() readonly code!: string;
  @ApiProperty() readonly message!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

/** What every list shows of a deal. */
export class DealListItemDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly title!: string;
  @ApiProperty({ enum: DEAL_STATES }) readonly state!: DealState;
  @ApiProperty({ type: String, nullable: true }) readonly campaign!: string | null;
  @ApiProperty() readonly brandCompany!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly totalPaise!: number;
  @ApiProperty({ format: 'date-time' }) readonly createdAt!: string;
  @ApiProperty({ format: 'date-time' }) readonly updatedAt!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly linkExpiresAt!: string | null;

  static ofSummary(summary: DealSummary): DealListItemDto {
    return Object.assign(new DealListItemDto(), {
      ...pick(summary, ['id', 'title', 'state', 'campaign', 'brandCompany', 'totalPaise']),
      createdAt: summary.createdAt.toISOString(),
      updatedAt: summary.updatedAt.toISOString(),
      linkExpiresAt: summary.linkExpiresAt?.toISOString() ?? null,
    });
  }

  static ofDeal(deal: Deal): DealListItemDto {
    return DealListItemDto.ofSummary({ ...deal, brandCompany: deal.brand.companyName });
  }
}

export class DealDto extends DealTermsDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: DEAL_STATES }) readonly state!: DealState;
  @ApiProperty({ type: 'integer', description: 'The contract version being drafted or sent' })
  readonly version!: number;
  @ApiProperty() readonly gstApplies!: boolean;
  @ApiProperty({ type: String, nullable: true }) readonly gstin!: string | null;
  @ApiProperty({ format: 'date-time' }) readonly createdAt!: string;
  @ApiProperty({ format: 'date-time' }) readonly updatedAt!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) readonly sentAt!:
    string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly linkExpiresAt!: string | null;
  @ApiProperty({ type: [HistoryEntryDto] }) readonly history!: HistoryEntryDto[];
  @ApiProperty({ type: [ContractVersionDto] }) readonly contracts!: ContractVersionDto[];
  @ApiProperty({
    enum: CREATOR_ACTIONS,
    isArray: true,
    description: "What the creator's screens may offer now",
  })
  readonly allowedActions!: CreatorAction[];
  @ApiProperty({ type: DealProblemDto, nullable: true }) readonly lastError!: DealProblemDto | null;
  @CancellationProperty.proposal() readonly cancellation!: CancellationProposalDto | null;
  @CancellationProperty.agreed() readonly cancelledByAgreement!: AgreedCancellationDto | null;

  static of(deal: Deal): DealDto {
    return Object.assign(new DealDto(), {
      id: deal.id,
      state: deal.state,
      version: deal.version,
      ...termsOf(deal),
      gstApplies: deal.gstApplies,
      gstin: deal.gstin,
      createdAt: deal.createdAt.toISOString(),
      updatedAt: deal.updatedAt.toISOString(),
      sentAt: deal.sentAt?.toISOString() ?? null,
      linkExpiresAt: deal.linkExpiresAt?.toISOString() ?? null,
      history: deal.history.map((item) => HistoryEntryDto.of(item)),
      contracts: deal.contracts.map((item) => ContractVersionDto.of(item)),
      allowedActions: creatorActionsFor(deal.state),
      lastError: deal.lastError
        ? Object.assign(new DealProblemDto(), {
            code: deal.lastError.code,
            message: deal.lastError.message,
            at: deal.lastError.at.toISOString(),
          })
        : null,
      ...cancellationStateOf(deal),
    });
  }
}

export class DealPageDto extends PageOf(DealListItemDto) {}
