import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import { PagedQuery } from '../../../common/presentation/paged-query.dto.js';
import type { BookedInvoice } from '../../domain/brand-books.js';

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

export class BrandInvoicesQueryDto extends PagedQuery({
  defaultPageSize: 20,
  maxPageSize: 100,
  maxPage: 100_000,
}) {}

/** An invoice a creator issued to the brand, as its books keep it. */
export class BrandInvoiceDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'PL/2026-27/0001' }) number!: string;
  @ApiProperty() creatorName!: string;
  @ApiProperty() dealId!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ format: 'date-time' }) issuedAt!: string;
  @ApiProperty() taxablePaise!: number;
  @ApiProperty() cgstPaise!: number;
  @ApiProperty() sgstPaise!: number;
  @ApiProperty() igstPaise!: number;
  @ApiProperty() totalPaise!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The TDS you recorded, if any' })
  tdsPaise!: number | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the creator was paid (settled to their bank)',
  })
  settledAt!: string | null;

  static of(invoice: BookedInvoice): BrandInvoiceDto {
    return Object.assign(new BrandInvoiceDto(), {
      id: invoice.id,
      number: invoice.number,
      creatorName: invoice.creatorName,
      dealId: invoice.dealId,
      description: invoice.description,
      issuedAt: new Date(invoice.issuedAt).toISOString(),
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      igstPaise: invoice.igstPaise,
      totalPaise: invoice.totalPaise,
      tdsPaise: invoice.tdsPaise,
      settledAt: iso(invoice.settledAt),
    });
  }
}

export class BrandInvoicePageDto extends PageOf(BrandInvoiceDto, {
  itemsDescription: 'Newest first',
}) {}
