import { ApiProperty } from '@nestjs/swagger';
import type { BookFigures, BookRow, BrandStatement } from '../../../invoices/invoices.contract.js';

export class BookFiguresDto {
  @ApiProperty() invoiceCount!: number;
  @ApiProperty() taxablePaise!: number;
  @ApiProperty() cgstPaise!: number;
  @ApiProperty() sgstPaise!: number;
  @ApiProperty() igstPaise!: number;
  @ApiProperty({ description: 'Invoiced: the invoices’ totals (taxable value + GST)' })
  invoicedPaise!: number;
  @ApiProperty({ description: 'Paid: the milestones you funded' })
  paidPaise!: number;
  @ApiProperty({ description: 'Refunded to you' }) refundedPaise!: number;
  @ApiProperty() tdsPaise!: number;
  @ApiProperty({ description: 'How many invoices have TDS recorded (0: not recorded)' })
  tdsRecordedCount!: number;

  static figuresOf(figures: BookFigures): BookFiguresDto {
    return Object.assign(new BookFiguresDto(), {
      invoiceCount: figures.invoiceCount,
      taxablePaise: figures.taxablePaise,
      cgstPaise: figures.cgstPaise,
      sgstPaise: figures.sgstPaise,
      igstPaise: figures.igstPaise,
      invoicedPaise: figures.invoicedPaise,
      paidPaise: figures.paidPaise,
      refundedPaise: figures.refundedPaise,
      tdsPaise: figures.tdsPaise,
      tdsRecordedCount: figures.tdsRecordedCount,
    });
  }
}

export class BookRowDto extends BookFiguresDto {
  @ApiProperty() creatorId!: string;
  @ApiProperty() creatorName!: string;
  @ApiProperty({ description: 'YYYY-MM (India time); empty on a creator’s year' }) month!: string;

  static rowOf(row: BookRow): BookRowDto {
    return Object.assign(new BookRowDto(), BookFiguresDto.figuresOf(row), {
      creatorId: row.creatorId,
      creatorName: row.creatorName,
      month: row.month,
    });
  }
}

export class BrandStatementDto {
  @ApiProperty({ example: '2026-27' }) financialYear!: string;
  @ApiProperty({ type: [BookRowDto], description: 'Per creator and month, creators A–Z' })
  rows!: BookRowDto[];
  @ApiProperty({ type: [BookRowDto], description: 'Per creator over the year' })
  creators!: BookRowDto[];
  @ApiProperty({ type: BookFiguresDto }) totals!: BookFiguresDto;

  static of(statement: BrandStatement): BrandStatementDto {
    return Object.assign(new BrandStatementDto(), {
      financialYear: statement.financialYear,
      rows: statement.rows.map((row) => BookRowDto.rowOf(row)),
      creators: statement.creators.map((row) => BookRowDto.rowOf(row)),
      totals: BookFiguresDto.figuresOf(statement.totals),
    });
  }
}
