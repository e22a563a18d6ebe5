import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { BrandDues } from '../../domain/brand-dues.js';
import type {
  Analytics,
  BrandComparison,
  Comparison,
  Figures,
  FlowFigures,
  MoneyFigures,
  SpeedFigure,
  SpeedFigures,
} from '../../domain/figures.js';
import {
  indiaDayKey,
  type Period,
  PERIOD_PRESETS,
  type PeriodPreset,
} from '../../domain/india-time.js';
import type { ComingDay, Evidence, ExpectedMoney, Insight } from '../../domain/insights.js';
import type { CreatorInsights } from '../../application/insights.use-case.js';

export class PeriodQueryDto {
  @ApiPropertyOptional({
    enum: PERIOD_PRESETS,
    default: 'this_month',
    description: 'India time. custom takes from and to.',
  })
  @IsOptional()
  @IsIn(PERIOD_PRESETS)
  readonly period: PeriodPreset = 'this_month';

  @ApiPropertyOptional({
    maxLength: 10,
    example: '2025-04-01',
    description: 'First India day of a custom period (YYYY-MM-DD, inclusive)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10, { message: 'from must be a calendar date written YYYY-MM-DD' })
  readonly from?: string;

  @ApiPropertyOptional({
    maxLength: 10,
    example: '2026-03-31',
    description: 'Last India day of a custom period (YYYY-MM-DD, inclusive; not after today)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10, { message: 'to must be a calendar date written YYYY-MM-DD' })
  readonly to?: string;
}

export class PeriodDto {
  @ApiProperty({ format: 'date-time', description: 'Start (inclusive)' }) from!: string;
  @ApiProperty({ format: 'date-time', description: 'End (exclusive)' }) to!: string;
  @ApiProperty({ example: '2025-04-01', description: 'First India day' }) firstDay!: string;
  @ApiProperty({ example: '2026-03-31', description: 'Last India day' }) lastDay!: string;

  static of(period: Period): PeriodDto {
    return Object.assign(new PeriodDto(), {
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      firstDay: indiaDayKey(period.from),
      lastDay: indiaDayKey(period.to.getTime() - 1),
    });
  }
}

export class MoneyFiguresDto implements MoneyFigures {
  @ApiProperty({ type: 'integer', description: 'Funded by brands in the period (paise)' })
  fundedPaise!: number;
  @ApiProperty({ type: 'integer', description: 'Released to you in the period' })
  releasedPaise!: number;
  @ApiProperty({ type: 'integer', description: 'Settled to your bank in the period' })
  settledPaise!: number;
  @ApiProperty({ type: 'integer', description: 'Refunded to brands in the period' })
  refundedPaise!: number;
  @ApiProperty({ type: 'integer', description: 'Funded, not released or refunded, at the end' })
  heldPaise!: number;
  @ApiProperty({ type: 'integer', description: 'Approved, not yet released, at the end' })
  releasingNowPaise!: number;
}

export class SpeedFigureDto implements SpeedFigure {
  @ApiProperty({ type: 'integer', description: 'Milestones measured' }) count!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Median days (null: none measured)' })
  medianDays!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: '90th percentile days (nearest rank)' })
  p90Days!: number | null;
}

export class SpeedFiguresDto implements SpeedFigures {
  @ApiProperty({ type: SpeedFigureDto }) acceptanceToFunding!: SpeedFigureDto;
  @ApiProperty({ type: SpeedFigureDto }) submissionToRelease!: SpeedFigureDto;
  @ApiProperty({ type: SpeedFigureDto }) releaseToSettlement!: SpeedFigureDto;
}

export class FlowFiguresDto implements FlowFigures {
  @ApiProperty({ type: 'integer' }) approved!: number;
  @ApiProperty({ type: 'integer' }) approvedByBrand!: number;
  @ApiProperty({ type: 'integer' }) approvedAutomatically!: number;
  @ApiProperty({ type: 'integer' }) approvedAfterDispute!: number;
  @ApiProperty({ type: 'integer' }) sentBack!: number;
  @ApiProperty({ type: Number, nullable: true }) averageRounds!: number | null;
  @ApiProperty({ type: 'integer' }) disputed!: number;
  @ApiProperty({ type: 'integer' }) refunded!: number;
}

export class FiguresDto implements Figures {
  @ApiProperty({ type: MoneyFiguresDto }) money!: MoneyFiguresDto;
  @ApiProperty({ type: SpeedFiguresDto }) speed!: SpeedFiguresDto;
  @ApiProperty({ type: FlowFiguresDto }) flow!: FlowFiguresDto;
}

export class ComparisonDto implements Comparison {
  @ApiProperty({ type: FiguresDto }) current!: FiguresDto;
  @ApiProperty({ type: FiguresDto }) previous!: FiguresDto;
}

export class BrandComparisonDto extends ComparisonDto implements BrandComparison {
  @ApiProperty() brandKey!: string;
  @ApiProperty() brandName!: string;
}

export class AnalyticsDto {
  @ApiProperty({ type: PeriodDto }) period!: PeriodDto;
  @ApiProperty({ type: PeriodDto }) previousPeriod!: PeriodDto;
  @ApiProperty({ type: ComparisonDto }) overall!: ComparisonDto;
  @ApiProperty({ type: [BrandComparisonDto] }) brands!: BrandComparisonDto[];

  static of(analytics: Analytics): AnalyticsDto {
    return Object.assign(new AnalyticsDto(), {
      period: PeriodDto.of(analytics.period),
      previousPeriod: PeriodDto.of(analytics.previousPeriod),
      overall: analytics.overall,
      brands: [...analytics.brands],
    });
  }
}

export class EvidenceDto implements Evidence {
  @ApiProperty() dealId!: string;
  @ApiProperty({ type: String, nullable: true }) milestoneId!: string | null;
  @ApiProperty() title!: string;
}

export class InsightDto implements Insight {
  @ApiProperty({ enum: ['slow_funding', 'due_for_release', 'waiting_for_funding'] })
  kind!: Insight['kind'];
  @ApiProperty() sentence!: string;
  @ApiProperty({ type: [EvidenceDto], description: 'The first 20 of the milestones it is about' })
  evidence!: EvidenceDto[];
  @ApiProperty({ type: 'integer', description: 'How many milestones it is about in all' })
  evidenceCount!: number;
}

export class ExpectedMoneyDto extends EvidenceDto implements ExpectedMoney {
  @ApiProperty({ type: 'integer' }) amountPaise!: number;
  @ApiProperty({ enum: ['releasing', 'approval_window_ends', 'settling', 'after_delivery'] })
  reason!: ExpectedMoney['reason'];
}

export class ComingDayDto implements ComingDay {
  @ApiProperty({ example: '2025-12-05', description: 'India day' }) date!: string;
  @ApiProperty({ type: 'integer' }) amountPaise!: number;
  @ApiProperty({ type: [ExpectedMoneyDto], description: "The day's 20 largest amounts" })
  items!: ExpectedMoneyDto[];
  @ApiProperty({ type: 'integer', description: 'How many milestones are expected that day' })
  itemCount!: number;
}

export class InsightsDto {
  @ApiProperty({ type: PeriodDto }) period!: PeriodDto;
  @ApiProperty({ type: [InsightDto] }) insights!: InsightDto[];
  @ApiProperty({ type: [ComingDayDto], description: "What's coming: expected money by day" })
  coming!: ComingDayDto[];

  static of(found: CreatorInsights): InsightsDto {
    return Object.assign(new InsightsDto(), {
      period: PeriodDto.of(found.period),
      insights: found.insights.map((insight) => ({ ...insight, evidence: [...insight.evidence] })),
      coming: found.coming.map((day) => ({ ...day, items: [...day.items] })),
    });
  }
}

export class BrandDueDto {
  @ApiProperty() dealId!: string;
  @ApiProperty() milestoneId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: 'integer' }) amountPaise!: number;
  @ApiProperty({ enum: ['funding', 'approval'] }) kind!: 'funding' | 'approval';
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the submitted work is approved automatically',
  })
  autoApprovesAt!: string | null;
}

export class PaidToCreatorDto {
  @ApiProperty() creatorName!: string;
  @ApiProperty({ type: 'integer', description: 'Released to the creator (paise)' })
  paidPaise!: number;
  @ApiProperty({ type: 'integer' }) milestones!: number;
}

export class BrandDuesDto {
  @ApiProperty({ type: 'integer' }) fundingDuePaise!: number;
  @ApiProperty({ type: 'integer' }) approvalsDuePaise!: number;
  @ApiProperty({ type: [BrandDueDto] }) dues!: BrandDueDto[];
  @ApiProperty({ type: [PaidToCreatorDto] }) paid!: PaidToCreatorDto[];

  static of(dues: BrandDues): BrandDuesDto {
    return Object.assign(new BrandDuesDto(), {
      fundingDuePaise: dues.fundingDuePaise,
      approvalsDuePaise: dues.approvalsDuePaise,
      dues: dues.dues.map((due) => ({
        ...due,
        autoApprovesAt:
          due.autoApprovesAt === null ? null : new Date(due.autoApprovesAt).toISOString(),
      })),
      paid: dues.paid.map(({ creatorName, paidPaise, milestones }) => ({
        creatorName,
        paidPaise,
        milestones,
      })),
    });
  }
}
