import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsDefined, IsOptional } from 'class-validator';
import { PageOf } from '../../../common/presentation/page.dto.js';
import { PagedQuery, type PageRequest } from '../../../common/presentation/paged-query.dto.js';
import { GivenOnce, QueryRule } from '../../../common/presentation/query-params.js';
import { CREATOR_ACCOUNT_KINDS, TRANSACTION_KINDS } from '../../../ledger/ledger.contract.js';
import type { CreatorStatement } from '../../application/creator-reports.use-case.js';
import type { ExtractLine, LedgerExtract } from '../../domain/ledger-extract.js';
import { isCalendarDay } from '../../domain/report-range.js';
import type { StatementFigures, StatementInvoice, StatementRow } from '../../domain/statement.js';

const FINANCIAL_YEAR = /^\d{4}-\d{2}$/;

export class StatementQueryDto {
  @ApiPropertyOptional({
    type: 'string',
    pattern: '^\\d{4}-\\d{2}$',
    example: '2026-27',
    description: 'The financial year (April–March, India time); the current one when not given',
  })
  @IsOptional()
  @GivenOnce()
  @QueryRule(
    'financialYear',
    (value) => typeof value === 'string' && FINANCIAL_YEAR.test(value),
    'must be a financial year written 2026-27',
  )
  readonly financialYear?: string;
}

/** A required calendar day in India, YYYY-MM-DD. */
const RequiredDay = (description: string) =>
  applyDecorators(
    ApiProperty({ type: 'string', format: 'date', example: '2026-04-01', description }),
    IsDefined({ message: '$property is required: a date like 2026-11-23' }),
    GivenOnce(),
    QueryRule(
      'day',
      (value) => typeof value === 'string' && isCalendarDay(value),
      'must be a date like 2026-11-23',
    ),
  );

export class LedgerRangeQueryDto {
  @RequiredDay('First day (India time), included')
  readonly from!: string;
  @RequiredDay('Last day (India time), included; at most 5 years after from, not in the future')
  readonly to!: string;
}

export class LedgerExtractQueryDto extends IntersectionType(
  LedgerRangeQueryDto,
  PagedQuery({ defaultPageSize: 50, maxPageSize: 100, maxPage: 100_000 }),
) {}

const PAISE = (description: string) =>
  ApiProperty({ type: 'integer', description: `${description} (paise)` });

export class StatementFiguresDto {
  @ApiProperty({ type: 'integer', description: 'Issued invoices counted' }) invoiceCount!: number;
  @PAISE('Taxable value of those invoices') taxablePaise!: number;
  @PAISE('CGST on them') cgstPaise!: number;
  @PAISE('SGST on them') sgstPaise!: number;
  @PAISE('IGST on them') igstPaise!: number;
  @PAISE('Their totals (taxable value + GST)') invoicedPaise!: number;
  @PAISE('Settled to the creator’s bank account (ledger)') receivedPaise!: number;
  @PAISE('Returned to the brand (ledger)') refundedPaise!: number;
  @PAISE('TDS the brand recorded on the invoices counted') tdsPaise!: number;
  @ApiProperty({
    type: 'integer',
    description: 'How many of the invoices have TDS recorded (0: not recorded, not "no TDS")',
  })
  tdsRecordedCount!: number;

  static of(figures: StatementFigures): StatementFiguresDto {
    return Object.assign(new StatementFiguresDto(), {
      invoiceCount: figures.invoiceCount,
      taxablePaise: figures.taxablePaise,
      cgstPaise: figures.cgstPaise,
      sgstPaise: figures.sgstPaise,
      igstPaise: figures.igstPaise,
      invoicedPaise: figures.invoicedPaise,
      receivedPaise: figures.receivedPaise,
      refundedPaise: figures.refundedPaise,
      tdsPaise: figures.tdsPaise,
      tdsRecordedCount: figures.tdsRecordedCount,
    });
  }
}

export class StatementRowDto extends StatementFiguresDto {
  @ApiProperty() brand!: string;
  @ApiProperty({ description: 'YYYY-MM (India time); empty on a brand’s year total' })
  month!: string;

  static ofRow(row: StatementRow): StatementRowDto {
    return Object.assign(new StatementRowDto(), StatementFiguresDto.of(row), {
      brand: row.brand,
      month: row.month,
    });
  }
}

export class StatementInvoiceDto {
  @ApiProperty() id!: string;
  @ApiProperty() number!: string;
  @ApiProperty() dealId!: string;
  @ApiProperty() brand!: string;
  @ApiProperty({ type: String, format: 'date-time' }) issuedAt!: string;
  @ApiProperty({ type: 'integer' }) taxablePaise!: number;
  @ApiProperty({ type: 'integer' }) cgstPaise!: number;
  @ApiProperty({ type: 'integer' }) sgstPaise!: number;
  @ApiProperty({ type: 'integer' }) igstPaise!: number;
  @ApiProperty({ type: 'integer' }) totalPaise!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null: the brand recorded none' })
  tdsPaise!: number | null;

  static of(invoice: StatementInvoice): StatementInvoiceDto {
    return Object.assign(new StatementInvoiceDto(), {
      ...invoice,
      issuedAt: invoice.issuedAt.toISOString(),
    });
  }
}

export class StatementDto {
  @ApiProperty({ example: '2026-27' }) financialYear!: string;
  @ApiProperty({ type: String, format: 'date-time', description: '1 April 00:00 IST' })
  start!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'The next 1 April 00:00 IST (excluded)',
  })
  end!: string;
  @ApiProperty({ type: [String], description: 'The twelve months, April first (YYYY-MM)' })
  months!: string[];
  @ApiProperty({ type: [StatementRowDto], description: 'Per brand and month with any figure' })
  rows!: StatementRowDto[];
  @ApiProperty({ type: [StatementRowDto], description: 'Per brand over the year' })
  brands!: StatementRowDto[];
  @ApiProperty({ type: StatementFiguresDto }) totals!: StatementFiguresDto;
  @ApiProperty({ type: [StatementInvoiceDto] }) invoices!: StatementInvoiceDto[];
  @ApiProperty({
    type: 'integer',
    description: 'Ledger changes recorded but not yet in these figures (0: they are current)',
  })
  pendingChanges!: number;

  static of(statement: CreatorStatement): StatementDto {
    return Object.assign(new StatementDto(), {
      financialYear: statement.financialYear,
      start: statement.start.toISOString(),
      end: statement.end.toISOString(),
      months: [...statement.months],
      rows: statement.rows.map((row) => StatementRowDto.ofRow(row)),
      brands: statement.brands.map((row) => StatementRowDto.ofRow(row)),
      totals: StatementFiguresDto.of(statement.totals),
      invoices: statement.invoices.map((invoice) => StatementInvoiceDto.of(invoice)),
      pendingChanges: statement.pendingChanges,
    });
  }
}

export class ExtractLineDto {
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiProperty({ enum: TRANSACTION_KINDS }) kind!: ExtractLine['kind'];
  @ApiProperty() dealId!: string;
  @ApiProperty() dealTitle!: string;
  @ApiProperty() brand!: string;
  @ApiProperty() milestoneId!: string;
  @ApiProperty() milestoneName!: string;
  @ApiProperty({ enum: CREATOR_ACCOUNT_KINDS }) account!: ExtractLine['account'];
  @ApiProperty({ type: 'integer', description: 'Signed paise: + into the account, − out of it' })
  amountPaise!: number;
  @ApiProperty({ type: 'integer' }) balanceAfterPaise!: number;

  static of(line: ExtractLine): ExtractLineDto {
    return Object.assign(new ExtractLineDto(), { ...line, at: line.at.toISOString() });
  }
}

export class LedgerExtractDto extends PageOf(ExtractLineDto, { itemsDescription: 'Newest first' }) {
  @ApiProperty({ type: 'string', format: 'date' }) readonly from!: string;
  @ApiProperty({ type: 'string', format: 'date' }) readonly to!: string;
  @ApiProperty({
    type: 'integer',
    description: 'Ledger changes recorded but not yet in these lines (0: they are current)',
  })
  readonly pendingChanges!: number;

  static ofExtract(extract: LedgerExtract, request: PageRequest): LedgerExtractDto {
    return Object.assign(
      LedgerExtractDto.of(extract, request, (line) => ExtractLineDto.of(line)),
      { from: extract.range.from, to: extract.range.to, pendingChanges: extract.pendingChanges },
    );
  }
}
