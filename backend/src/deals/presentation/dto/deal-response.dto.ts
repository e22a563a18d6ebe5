import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { pick } from '../../../common/domain/pick.js';
import { PageOf } from '../../../common/presentation/page.dto.js';
import type {
  Campaign,
  Collaboration,
  ContractTemplateView,
  ContractView,
  Overview,
} from '../../application/deal-queries.use-case.js';
import type { DealSummary } from '../../application/ports/deal.repository.js';
import type { BrandReview } from '../../application/brand-review.use-case.js';
import {
  type AcceptanceRecord,
  type BrandParty,
  type ContractVersion,
  CREATOR_ACTIONS,
  type CreatorAction,
  creatorActionsFor,
  type Deal,
  DEAL_STATES,
  type DealState,
  DELIVERABLE_KINDS,
  type DeliverableKind,
  type HistoryEntry,
  type Milestone,
  MILESTONE_STATES,
  type MilestoneState,
  type Platform,
  PLATFORMS,
} from '../../domain/deal.js';
import { MILESTONE_ACTIONS, type MilestoneAction } from '../../domain/milestone.js';
import {
  agreedCancellation,
  CANCELLATION_ACTIONS,
  type CancellationAction,
  type CancellationParty,
  openCancellation,
} from '../../domain/cancellation.js';

/** The open proposal to cancel an accepted deal (contract clause 7). */
export class CancellationProposalDto {
  @ApiProperty({ enum: ['creator', 'brand'], description: 'Who proposed it' })
  readonly by!: CancellationParty;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;

  static of(deal: Pick<Deal, 'cancellation'>): CancellationProposalDto | null {
    const proposal = openCancellation(deal);
    return proposal
      ? Object.assign(new CancellationProposalDto(), {
          by: proposal.by,
          at: proposal.at.toISOString(),
          reason: proposal.reason,
        })
      : null;
  }
}

/** How a deal was cancelled by both parties' agreement. */
export class AgreedCancellationDto {
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly proposedBy!: CancellationParty;
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;
  @ApiProperty({ format: 'date-time' }) readonly agreedAt!: string;

  static of(deal: Pick<Deal, 'history'>): AgreedCancellationDto | null {
    const agreed = agreedCancellation(deal);
    return agreed
      ? Object.assign(new AgreedCancellationDto(), {
          proposedBy: agreed.proposedBy,
          reason: agreed.reason,
          agreedAt: agreed.agreedAt.toISOString(),
        })
      : null;
  }
}

/**
 * Where cancelling an accepted deal by agreement stands, as the creator's deal and both parties'
 * money screens document it (`cancellation`, `cancelledByAgreement`) and fill it.
 */
export const CancellationProperty = {
  proposal: () =>
    ApiProperty({
      type: CancellationProposalDto,
      nullable: true,
      description: 'The open proposal to cancel the accepted deal, if any',
    }),
  agreed: () =>
    ApiProperty({
      type: AgreedCancellationDto,
      nullable: true,
      description: 'Set once the deal was cancelled by both parties',
    }),
};

export function cancellationStateOf(deal: Pick<Deal, 'cancellation' | 'history'>): {
  cancellation: CancellationProposalDto | null;
  cancelledByAgreement: AgreedCancellationDto | null;
} {
  return {
    cancellation: CancellationProposalDto.of(deal),
    cancelledByAgreement: AgreedCancellationDto.of(deal),
  };
}

export class CancellationMoveDto {
  @ApiProperty({ enum: CANCELLATION_ACTIONS }) readonly action!: CancellationAction;
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly proposedBy!: CancellationParty;
}

export class BrandBillingDto {
  @ApiProperty({ type: String, nullable: true, example: '29AAACR5055K1Z3' })
  readonly gstin!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '12 MG Road, Bengaluru, Karnataka 560001',
    description: 'As typed (line breaks kept): show it as text',
  })
  readonly address!: string | null;
}

export class BrandPartyDto {
  @ApiProperty() readonly companyName!: string;
  @ApiProperty() readonly contactName!: string;
  @ApiProperty() readonly contactEmail!: string;
  @ApiProperty({ example: '9876543210' }) readonly contactMobile!: string;
  @ApiProperty({
    type: BrandBillingDto,
    nullable: true,
    description:
      "The brand's GSTIN and billing address, given when it accepted (null before, or if it gave none): the recipient's details on the creator's invoices",
  })
  readonly billing!: BrandBillingDto | null;

  static of(brand: BrandParty): BrandPartyDto {
    return Object.assign(new BrandPartyDto(), {
      ...pick(brand, ['companyName', 'contactName', 'contactEmail', 'contactMobile']),
      billing: brand.billing
        ? Object.assign(new BrandBillingDto(), pick(brand.billing, ['gstin', 'address']))
        : null,
    });
  }
}

export class DeliverableDto {
  @ApiProperty({ enum: PLATFORMS }) readonly platform!: Platform;
  @ApiProperty({ enum: DELIVERABLE_KINDS }) readonly kind!: DeliverableKind;
  @ApiProperty({ type: 'integer' }) readonly quantity!: number;
  @ApiProperty({ format: 'date' }) readonly dueDate!: string;
  @ApiProperty() readonly usageRights!: string;
  @ApiProperty({ type: 'integer' }) readonly usagePeriodDays!: number;
}

export class MilestoneSubmissionDto {
  @ApiProperty({ type: [String], description: 'https links to the delivered posts' })
  readonly links!: string[];
  @ApiProperty({ description: "The creator's note, as typed (show it as text)" })
  readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class DisputeResolutionDto {
  @ApiProperty({ enum: ['release', 'refund'] }) readonly decision!: 'release' | 'refund';
  @ApiProperty({ description: "The admin's note, as typed (show it as text)" })
  readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class MilestoneDisputeDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly openedBy!: 'creator' | 'brand';
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({ type: DisputeResolutionDto, nullable: true })
  readonly resolution!: DisputeResolutionDto | null;
}

const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;

export class MilestoneDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly name!: string;
  @ApiProperty() readonly releaseCondition!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly amountPaise!: number;
  @ApiProperty({ format: 'date' }) readonly dueDate!: string;
  @ApiProperty({ enum: MILESTONE_STATES, description: "The milestone's money state" })
  readonly state!: MilestoneState;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly fundedAt!: string | null;
  @ApiProperty({ type: MilestoneSubmissionDto, nullable: true })
  readonly submission!: MilestoneSubmissionDto | null;
  @ApiProperty({ type: 'integer', description: 'Rounds of changes the brand asked for so far' })
  readonly revisionsUsed!: number;
  @ApiProperty({
    format: 'date-time',
    type: String,
    nullable: true,
    description:
      'When a submitted milestone is approved automatically if the brand does not answer',
  })
  readonly approvalDueAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly approvedAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly releasedAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly settledAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly refundedAt!: string | null;
  @ApiProperty({ type: MilestoneDisputeDto, nullable: true })
  readonly dispute!: MilestoneDisputeDto | null;

  static of(milestone: Milestone): MilestoneDto {
    const { submission, dispute } = milestone;
    return Object.assign(new MilestoneDto(), {
      id: milestone.id,
      name: milestone.name,
      releaseCondition: milestone.releaseCondition,
      amountPaise: milestone.amountPaise,
      dueDate: milestone.dueDate,
      state: milestone.state,
      fundedAt: isoOrNull(milestone.fundedAt),
      submission: submission
        ? Object.assign(new MilestoneSubmissionDto(), {
            links: [...submission.links],
            note: submission.note,
            at: submission.at.toISOString(),
          })
        : null,
      revisionsUsed: milestone.revisionsUsed,
      approvalDueAt: isoOrNull(milestone.approvalDueAt),
      approvedAt: isoOrNull(milestone.approvedAt),
      releasedAt: isoOrNull(milestone.releasedAt),
      settledAt: isoOrNull(milestone.settledAt),
      refundedAt: isoOrNull(milestone.refundedAt),
      dispute: dispute
        ? Object.assign(new MilestoneDisputeDto(), {
            id: dispute.id,
            openedBy: dispute.openedBy,
            reason: dispute.reason,
            at: dispute.at.toISOString(),
            resolution: dispute.resolution
              ? Object.assign(new DisputeResolutionDto(), {
                  decision: dispute.resolution.decision,
                  note: dispute.resolution.note,
                  at: dispute.resolution.at.toISOString(),
                })
              : null,
          })
        : null,
    });
  }
}

export class MilestoneMoveDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: MILESTONE_ACTIONS }) readonly action!: MilestoneAction;
  @ApiProperty({ enum: MILESTONE_STATES }) readonly from!: MilestoneState;
  @ApiProperty({ enum: MILESTONE_STATES }) readonly to!: MilestoneState;
}

/** Who the deal's money belonged to before and after: `email:<address>`, `brand:<accountId>`. */
export class BrandPartyMoveDto {
  @ApiProperty({ example: 'email:priya@glownaturals.in' }) readonly from!: string;
  @ApiProperty({ example: 'brand:6b098cd6057a24cd7d5098e7' }) readonly to!: string;
}

export class HistoryEntryDto {
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({ enum: ['creator', 'brand', 'system', 'admin'] }) readonly by!:
    'creator' | 'brand' | 'system' | 'admin';
  @ApiProperty({ enum: DEAL_STATES, nullable: true, type: String })
  readonly from!: DealState | null;
  @ApiProperty({ enum: DEAL_STATES }) readonly to!: DealState;
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiPropertyOptional({ description: "The brand's comment or reason, as typed (show it as text)" })
  readonly note?: string;
  @ApiPropertyOptional({
    type: MilestoneMoveDto,
    description: "A milestone's move (the deal's state unchanged)",
  })
  readonly milestone?: MilestoneMoveDto;
  @ApiPropertyOptional({
    type: CancellationMoveDto,
    description: 'A cancellation move (its reason in `note`)',
  })
  readonly cancellation?: CancellationMoveDto;
  @ApiPropertyOptional({
    type: BrandPartyMoveDto,
    description:
      "The deal's money moved to another brand party (a deal accepted by e-mail claimed by a brand workspace)",
  })
  readonly brandParty?: BrandPartyMoveDto;

  static of(entry: HistoryEntry): HistoryEntryDto {
    return Object.assign(new HistoryEntryDto(), {
      at: entry.at.toISOString(),
      by: entry.by,
      from: entry.from,
      to: entry.to,
      version: entry.version,
      ...(entry.note !== undefined && { note: entry.note }),
      ...(entry.milestone !== undefined && {
        milestone: Object.assign(new MilestoneMoveDto(), entry.milestone),
      }),
      ...(entry.cancellation !== undefined && {
        cancellation: Object.assign(new CancellationMoveDto(), entry.cancellation),
      }),
      ...(entry.brandParty !== undefined && {
        brandParty: Object.assign(new BrandPartyMoveDto(), entry.brandParty),
      }),
    });
  }
}

export class AcceptanceRecordDto {
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly party!: 'creator' | 'brand';
  @ApiProperty() readonly fullName!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The address proven: the creator's account, or the one the brand's accepting link was mailed to; null when the brand accepted from its phone-verified workspace",
  })
  readonly email!: string | null;
  @ApiProperty({
    enum: ['email', 'account'],
    required: false,
    description: 'How the brand proved itself (absent on older records and the creator’s)',
  })
  readonly channel?: 'email' | 'account';
  @ApiProperty({
    required: false,
    description: "The brand account's verified mobile (ten digits), for a workspace acceptance",
  })
  readonly mobile?: string;
  @ApiProperty({
    required: false,
    description: "The brand account's id, for a workspace acceptance",
  })
  readonly brandAccountId?: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty() readonly ip!: string;
  @ApiProperty() readonly userAgent!: string;
  @ApiProperty({ pattern: '^[a-f0-9]{64}$' }) readonly documentSha256!: string;

  static of(record: AcceptanceRecord): AcceptanceRecordDto {
    return Object.assign(new AcceptanceRecordDto(), { ...record, at: record.at.toISOString() });
  }
}

export class ContractVersionDto {
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiProperty() readonly templateVersion!: string;
  @ApiProperty({ pattern: '^[a-f0-9]{64}$', description: 'SHA-256 of the PDF sent to the brand' })
  readonly sha256!: string;
  @ApiProperty({ format: 'date-time' }) readonly renderedAt!: string;
  @ApiProperty({ type: AcceptanceRecordDto }) readonly creatorAcceptance!: AcceptanceRecordDto;
  @ApiProperty({ type: AcceptanceRecordDto, nullable: true })
  readonly brandAcceptance!: AcceptanceRecordDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256 of the signed PDF (with the audit trail)',
  })
  readonly signedSha256!: string | null;

  static of(version: ContractVersion): ContractVersionDto {
    return Object.assign(new ContractVersionDto(), {
      version: version.version,
      templateVersion: version.templateVersion,
      sha256: version.sha256,
      renderedAt: version.renderedAt.toISOString(),
      creatorAcceptance: AcceptanceRecordDto.of(version.creatorAcceptance),
      brandAcceptance: version.brandAcceptance
        ? AcceptanceRecordDto.of(version.brandAcceptance)
        : null,
      signedSha256: version.signedSha256,
    });
  }
}

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

/** The deal's terms, alike on the creator's deal and the brand's review. */
export abstract class DealTermsDto {
  @ApiProperty() readonly title!: string;
  @ApiProperty() readonly brief!: string;
  @ApiProperty({ type: String, nullable: true }) readonly campaign!: string | null;
  @ApiProperty({ type: BrandPartyDto }) readonly brand!: BrandPartyDto;
  @ApiProperty({ type: [DeliverableDto] }) readonly deliverables!: DeliverableDto[];
  @ApiProperty({ type: [MilestoneDto] }) readonly milestones!: MilestoneDto[];
  @ApiProperty({ type: 'integer', description: 'Integer paise: the sum of the milestones' })
  readonly totalPaise!: number;
  @ApiProperty({ type: 'integer' }) readonly approvalWindowDays!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Rounds of changes the brand may ask per milestone',
  })
  readonly revisionRounds!: number;
}

/** The terms' fields as a plain object, spread into the DTOs that extend them. */
type DealTerms = { [K in keyof DealTermsDto]: DealTermsDto[K] };

const termsOf = (deal: Deal): DealTerms => ({
  title: deal.title,
  brief: deal.brief,
  campaign: deal.campaign,
  brand: BrandPartyDto.of(deal.brand),
  deliverables: deal.deliverables.map((item) => Object.assign(new DeliverableDto(), item)),
  milestones: deal.milestones.map((item) => MilestoneDto.of(item)),
  totalPaise: deal.totalPaise,
  approvalWindowDays: deal.approvalWindowDays,
  revisionRounds: deal.revisionRounds,
});

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

export class ContractDto {
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiProperty() readonly templateVersion!: string;
  @ApiProperty({
    description: 'The contract as an HTML fragment; every user text in it is escaped',
  })
  readonly html!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256 of the PDF; null for a draft preview',
  })
  readonly sha256!: string | null;
  @ApiProperty({ description: 'True for a draft: rendered for preview, nothing fixed yet' })
  readonly preview!: boolean;

  static of(view: ContractView): ContractDto {
    return Object.assign(new ContractDto(), {
      version: view.version,
      templateVersion: view.templateVersion,
      html: view.html,
      sha256: view.sha256,
      preview: view.preview,
    });
  }
}

export class ContractTemplateDto {
  @ApiProperty({ example: '2026-11-25.1' }) readonly version!: string;
  @ApiProperty({ description: 'The template text, placeholders written {{name}}' })
  readonly text!: string;

  static of(view: ContractTemplateView): ContractTemplateDto {
    return Object.assign(new ContractTemplateDto(), view);
  }
}

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
