import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import { PagedQuery } from '../../../common/presentation/paged-query.dto.js';
import { Type } from 'class-transformer';
import { IsDate, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import {
  CREATOR_ACCOUNT_KINDS,
  type CreatorAccountKind,
  TRANSACTION_KINDS,
  type TransactionKind,
} from '../../../ledger/ledger.contract.js';
import type { WalletLine } from '../../application/wallet.use-case.js';
import type { WalletFigure, WalletSummary } from '../../domain/wallet.js';

export class TransactionFiltersDto {
  @ApiPropertyOptional({ maxLength: 64, description: 'Only this deal' })
  @IsOptional()
  @Matches(/^[\w-]{1,64}$/, { message: 'dealId is not a deal id' })
  @IsString()
  readonly dealId?: string;

  @ApiPropertyOptional({ enum: TRANSACTION_KINDS, description: 'Only this kind of movement' })
  @IsOptional()
  @IsIn(TRANSACTION_KINDS)
  readonly kind?: TransactionKind;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'From (inclusive)' })
  @IsOptional()
  @IsDate({ message: 'from must be a date' })
  @Type(() => Date)
  readonly from?: Date;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'To (exclusive)' })
  @IsOptional()
  @IsDate({ message: 'to must be a date' })
  @Type(() => Date)
  readonly to?: Date;
}

export class TransactionsQueryDto extends IntersectionType(
  TransactionFiltersDto,
  PagedQuery({ defaultPageSize: 25, maxPageSize: 100, maxPage: 100_000 }),
) {}

export class DealAmountDto {
  @ApiProperty() dealId!: string;
  @ApiProperty() dealTitle!: string;
  @ApiProperty() amountPaise!: number;
}

export class WalletFigureDto {
  @ApiProperty() totalPaise!: number;
  @ApiProperty({ type: [DealAmountDto] }) deals!: DealAmountDto[];

  static of(figure: WalletFigure, titles: ReadonlyMap<string, string>): WalletFigureDto {
    return Object.assign(new WalletFigureDto(), {
      totalPaise: figure.totalPaise,
      deals: figure.deals.map(({ dealId, amountPaise }) => ({
        dealId,
        dealTitle: titles.get(dealId) ?? '',
        amountPaise,
      })),
    });
  }
}

export class MonthAmountDto {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty() amountPaise!: number;
}

export class WalletDto {
  @ApiProperty({ type: WalletFigureDto, description: 'Funded, on hold, not yet approved' })
  held!: WalletFigureDto;
  @ApiProperty({ type: WalletFigureDto, description: 'Approved, hold lifted, not yet settled' })
  releasing!: WalletFigureDto;
  @ApiProperty({ type: WalletFigureDto, description: "Settled to the creator's bank account" })
  paidOut!: WalletFigureDto;
  @ApiProperty() paidOutThisMonthPaise!: number;
  @ApiProperty({ type: [MonthAmountDto], description: 'Released per month, last 12 (IST)' })
  releasedByMonth!: MonthAmountDto[];

  static of(summary: WalletSummary & { titles: ReadonlyMap<string, string> }): WalletDto {
    return Object.assign(new WalletDto(), {
      held: WalletFigureDto.of(summary.held, summary.titles),
      releasing: WalletFigureDto.of(summary.releasing, summary.titles),
      paidOut: WalletFigureDto.of(summary.paidOut, summary.titles),
      paidOutThisMonthPaise: summary.paidOutThisMonthPaise,
      releasedByMonth: summary.releasedByMonth.map((month) => ({ ...month })),
    });
  }
}

export class WalletLineDto {
  @ApiProperty() transactionId!: string;
  @ApiProperty() at!: string;
  @ApiProperty({ enum: TRANSACTION_KINDS }) kind!: TransactionKind;
  @ApiProperty() dealId!: string;
  @ApiProperty() dealTitle!: string;
  @ApiProperty() milestoneId!: string;
  @ApiProperty() milestoneName!: string;
  @ApiProperty({ enum: CREATOR_ACCOUNT_KINDS }) account!: CreatorAccountKind;
  @ApiProperty({ description: 'Signed paise: + into the account, − out of it' })
  amountPaise!: number;
  @ApiProperty() balanceAfterPaise!: number;

  static of(line: WalletLine): WalletLineDto {
    return Object.assign(new WalletLineDto(), { ...line, at: line.at.toISOString() });
  }
}

export class WalletLinePageDto extends PageOf(WalletLineDto, { counts: 'number' }) {}

export class PayoutDestinationDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The verified UPI ID or bank account, masked; null until the profile is verified',
  })
  maskedDestination!: string | null;
  @ApiProperty({ description: 'When released money reaches it' })
  schedule!: string;
}
