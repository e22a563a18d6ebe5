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
  type WalletFreshness,
} from '../../../ledger/ledger.contract.js';
import type { WalletLine, WalletLinePage } from '../../application/wallet.use-case.js';
import type { PageRequest } from '../../../common/presentation/paged-query.dto.js';
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
) {
  @ApiPropertyOptional({
    maxLength: 512,
    description:
      'The `nextCursor` of the previous page (same filters): the next, older page. Opaque; `page` is not used with it.',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[\w-]{1,400}\.[\w-]{43}$/, { message: 'cursor is not one this server gave you' })
  readonly cursor?: string;
}

/** How fresh the figures are (#38): they come from a read model the ledger keeps up to date. */
const freshnessOf = (freshness: WalletFreshness) => ({
  asOf: freshness.asOf?.toISOString() ?? null,
  pendingChanges: freshness.pendingChanges,
});

const FRESH_AS_OF = 'When these figures last took a ledger change (null: never)';
const FRESH_PENDING = 'Ledger changes recorded but not yet in these figures (0: they are current)';

export class FreshnessDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: FRESH_AS_OF })
  asOf!: string | null;
  @ApiProperty({ type: 'integer', description: FRESH_PENDING })
  pendingChanges!: number;

  static fieldsOf(freshness: WalletFreshness): { asOf: string | null; pendingChanges: number } {
    return freshnessOf(freshness);
  }
}

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

export class WalletDto extends FreshnessDto {
  @ApiProperty({ type: WalletFigureDto, description: 'Funded, on hold, not yet approved' })
  held!: WalletFigureDto;
  @ApiProperty({ type: WalletFigureDto, description: 'Approved, hold lifted, not yet settled' })
  releasing!: WalletFigureDto;
  @ApiProperty({ type: WalletFigureDto, description: "Settled to the creator's bank account" })
  paidOut!: WalletFigureDto;
  @ApiProperty() paidOutThisMonthPaise!: number;
  @ApiProperty({ type: [MonthAmountDto], description: 'Released per month, last 12 (IST)' })
  releasedByMonth!: MonthAmountDto[];

  static of(
    summary: WalletSummary & WalletFreshness & { titles: ReadonlyMap<string, string> },
  ): WalletDto {
    const { asOf, pendingChanges } = FreshnessDto.fieldsOf(summary);
    return Object.assign(new WalletDto(), {
      asOf,
      pendingChanges,
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

export class WalletLinePageDto extends PageOf(WalletLineDto, { counts: 'number' }) {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next, older page; null on the last page',
  })
  readonly nextCursor!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: FRESH_AS_OF })
  readonly asOf!: string | null;
  @ApiProperty({ type: 'integer', description: FRESH_PENDING })
  readonly pendingChanges!: number;

  static ofPage(page: WalletLinePage, request: PageRequest): WalletLinePageDto {
    return Object.assign(
      WalletLinePageDto.of(page, request, (line) => WalletLineDto.of(line)),
      { nextCursor: page.nextCursor, ...freshnessOf(page) },
    );
  }
}

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
