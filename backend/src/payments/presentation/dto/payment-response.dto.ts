import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import {
  type Deal,
  DEAL_STATES,
  type DealState,
  type Milestone,
  MILESTONE_STATES,
  type MilestoneState,
} from '../../../deals/deals.contract.js';
import {
  type AgreedCancellationDto,
  CancellationProperty,
  type CancellationProposalDto,
  cancellationStateOf,
  DisputeAnswerDto,
  MilestoneDto,
} from '../../../deals/index.js';
import type { DisputeView } from '../../application/disputes.use-case.js';
import type {
  ReconciliationDifference,
  ReconciliationReport,
} from '../../application/ports/reconciliation-reports.js';
import type { CheckoutForm } from '../../../payment-gateway/payment-gateway.contract.js';

export class SubmissionDto {
  @ApiProperty({ type: [String] }) readonly links!: string[];
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class ResolutionDto {
  @ApiProperty({ enum: ['release', 'refund'] }) readonly decision!: 'release' | 'refund';
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class DisputeSummaryDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly openedBy!: 'creator' | 'brand';
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({
    type: DisputeAnswerDto,
    nullable: true,
    description: "The other side's answer (once, before the decision); null until it answers",
  })
  readonly answer!: DisputeAnswerDto | null;
  @ApiProperty({ type: ResolutionDto, nullable: true }) readonly resolution!: ResolutionDto | null;
}

/** A milestone and its money, as the parties see it (the money screens' schema). */
export class MilestoneMoneyDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly name!: string;
  @ApiProperty() readonly releaseCondition!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly amountPaise!: number;
  @ApiProperty({ format: 'date' }) readonly dueDate!: string;
  @ApiProperty({ enum: MILESTONE_STATES, enumName: 'MilestoneState' })
  readonly state!: MilestoneState;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readonly fundedAt!:
    string | null;
  @ApiProperty({ type: SubmissionDto, nullable: true }) readonly submission!: SubmissionDto | null;
  @ApiProperty({ type: 'integer' }) readonly revisionsUsed!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly approvalDueAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly approvedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly releasedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly settledAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly refundedAt!: string | null;
  @ApiProperty({ type: DisputeSummaryDto, nullable: true })
  readonly dispute!: DisputeSummaryDto | null;

  /** The same JSON as the deal's own milestones (deals' MilestoneDto), under this schema. */
  static of(milestone: Milestone): MilestoneMoneyDto {
    return Object.assign(new MilestoneMoneyDto(), MilestoneDto.of(milestone));
  }
}

/** The brand's GSTIN and billing address, given when it accepted: on the creator's invoices. */
export class DealBrandBillingDto {
  @ApiProperty({ type: String, nullable: true }) readonly gstin!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'As typed: show it as text' })
  readonly address!: string | null;
}

/** A deal's money: its state, terms that govern the money, and every milestone. */
export class DealMoneyDto {
  @ApiProperty() readonly dealId!: string;
  @ApiProperty() readonly title!: string;
  @ApiProperty({ enum: DEAL_STATES, enumName: 'DealState' }) readonly state!: DealState;
  @ApiProperty() readonly brandCompany!: string;
  @ApiProperty({ type: 'integer' }) readonly totalPaise!: number;
  @ApiProperty({ type: 'integer' }) readonly approvalWindowDays!: number;
  @ApiProperty({ type: 'integer' }) readonly revisionRounds!: number;
  @ApiProperty({ type: [MilestoneMoneyDto] }) readonly milestones!: MilestoneMoneyDto[];
  @ApiProperty({
    type: DealBrandBillingDto,
    nullable: true,
    description:
      "The brand's GSTIN and billing address given when it accepted (null if it gave none)",
  })
  readonly brandBilling!: DealBrandBillingDto | null;
  @CancellationProperty.proposal() readonly cancellation!: CancellationProposalDto | null;
  @CancellationProperty.agreed() readonly cancelledByAgreement!: AgreedCancellationDto | null;

  static of(deal: Deal): DealMoneyDto {
    return Object.assign(new DealMoneyDto(), {
      dealId: deal.id,
      title: deal.title,
      state: deal.state,
      brandCompany: deal.brand.companyName,
      totalPaise: deal.totalPaise,
      approvalWindowDays: deal.approvalWindowDays,
      revisionRounds: deal.revisionRounds,
      milestones: deal.milestones.map((milestone) => MilestoneMoneyDto.of(milestone)),
      brandBilling: deal.brand.billing
        ? Object.assign(new DealBrandBillingDto(), {
            gstin: deal.brand.billing.gstin,
            address: deal.brand.billing.address,
          })
        : null,
      ...cancellationStateOf(deal),
    });
  }
}

export class CheckoutFormDto {
  @ApiProperty({ description: "The gateway's hosted checkout: POST the fields there as a form" })
  readonly action!: string;
  @ApiProperty({ enum: ['POST'] }) readonly method!: 'POST';
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  readonly fields!: Record<string, string>;

  static of(form: CheckoutForm): CheckoutFormDto {
    return Object.assign(new CheckoutFormDto(), {
      action: form.action,
      method: form.method,
      fields: { ...form.fields },
    });
  }
}

export class WebhookAckDto {
  @ApiProperty({ enum: ['processed', 'duplicate', 'deferred'] })
  readonly status!: 'processed' | 'duplicate' | 'deferred';
}

export class HistoryLineDto {
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({ enum: ['creator', 'brand', 'system', 'admin'] }) readonly by!: string;
  @ApiProperty() readonly action!: string;
  @ApiProperty({ enum: MILESTONE_STATES, enumName: 'MilestoneState' })
  readonly from!: MilestoneState;
  @ApiProperty({ enum: MILESTONE_STATES, enumName: 'MilestoneState' }) readonly to!: MilestoneState;
  @ApiProperty({ type: String, nullable: true, description: 'As typed (show it as text)' })
  readonly note!: string | null;
}

export class DisputeListItemDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly dealId!: string;
  @ApiProperty() readonly dealTitle!: string;
  @ApiProperty() readonly brandCompany!: string;
  @ApiProperty() readonly milestoneId!: string;
  @ApiProperty() readonly milestoneName!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly amountPaise!: number;
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly openedBy!: 'creator' | 'brand';
  @ApiProperty({ format: 'date-time' }) readonly openedAt!: string;
  @ApiProperty({ enum: MILESTONE_STATES, enumName: 'MilestoneState' })
  readonly state!: MilestoneState;
  @ApiProperty({ enum: ['release', 'refund'], nullable: true, type: String })
  readonly decision!: 'release' | 'refund' | null;

  static of(view: DisputeView): DisputeListItemDto {
    return Object.assign(new DisputeListItemDto(), {
      id: view.dispute.id,
      dealId: view.deal.id,
      dealTitle: view.deal.title,
      brandCompany: view.deal.brand.companyName,
      milestoneId: view.milestone.id,
      milestoneName: view.milestone.name,
      amountPaise: view.milestone.amountPaise,
      openedBy: view.dispute.openedBy,
      openedAt: view.dispute.at.toISOString(),
      state: view.milestone.state,
      decision: view.dispute.resolution?.decision ?? null,
    });
  }
}

export class DisputePageDto extends PageOf(DisputeListItemDto) {}

export class DisputeDetailDto extends DisputeListItemDto {
  @ApiProperty({ type: DisputeSummaryDto }) readonly dispute!: DisputeSummaryDto;
  @ApiProperty({ type: MilestoneMoneyDto }) readonly milestone!: MilestoneMoneyDto;
  @ApiProperty({ type: [HistoryLineDto], description: "The milestone's moves, oldest first" })
  readonly history!: HistoryLineDto[];

  static detail(view: DisputeView): DisputeDetailDto {
    const milestone = MilestoneMoneyDto.of(view.milestone);
    return Object.assign(new DisputeDetailDto(), DisputeListItemDto.of(view), {
      dispute: milestone.dispute,
      milestone,
      history: view.deal.history
        .filter((entry) => entry.milestone?.id === view.milestone.id)
        .map((entry) =>
          Object.assign(new HistoryLineDto(), {
            at: entry.at.toISOString(),
            by: entry.by,
            action: entry.milestone?.action ?? '',
            from: entry.milestone?.from ?? 'pending',
            to: entry.milestone?.to ?? 'pending',
            note: entry.note ?? null,
          }),
        ),
    });
  }
}

export class ReconciliationDifferenceDto {
  @ApiProperty({ example: 'hold' }) readonly kind!: string;
  @ApiProperty({ type: String, nullable: true }) readonly dealId!: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly milestoneId!: string | null;
  @ApiProperty() readonly message!: string;
  @ApiProperty({ type: 'integer', nullable: true }) readonly ledgerPaise!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly gatewayPaise!: number | null;

  static of(difference: ReconciliationDifference): ReconciliationDifferenceDto {
    return Object.assign(new ReconciliationDifferenceDto(), difference);
  }
}

export class ReconciliationDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'null: never run',
  })
  readonly ranAt!: string | null;
  @ApiProperty({ type: 'integer' }) readonly checkedMilestones!: number;
  @ApiProperty({ type: 'integer' }) readonly checkedTransactions!: number;
  @ApiProperty({ type: 'integer' }) readonly differenceCount!: number;
  @ApiProperty({ type: [ReconciliationDifferenceDto] })
  readonly differences!: ReconciliationDifferenceDto[];

  static of(report: ReconciliationReport | undefined): ReconciliationDto {
    return Object.assign(new ReconciliationDto(), {
      ranAt: report?.ranAt.toISOString() ?? null,
      checkedMilestones: report?.checkedMilestones ?? 0,
      checkedTransactions: report?.checkedTransactions ?? 0,
      differenceCount: report?.differences.length ?? 0,
      differences: (report?.differences ?? [])
        .slice(0, 500)
        .map((item) => ReconciliationDifferenceDto.of(item)),
    });
  }
}
