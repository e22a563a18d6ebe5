import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import { PagedQuery } from '../../../common/presentation/paged-query.dto.js';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { MAX_MILESTONE_PAISE } from '../../../deals/deals.contract.js';
import { GSTIN_PATTERN, isValidGstin } from '../../../tax/tax.contract.js';
import { LINK_TOKEN_PATTERN } from '../../../link-tokens/link-tokens.contract.js';
import type { ReleasedMilestone } from '../../application/invoicing.use-case.js';
import type { InvoiceCounts } from '../../application/ports/invoice.store.js';
import { GST_STATES, SAC_CODES, type SacCode } from '../../domain/gst.js';
import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_VIEWS,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoiceView,
  isOverdue,
  netReceivablePaise,
} from '../../domain/invoice.js';

const SAC_VALUES = SAC_CODES.map(({ code }) => code);
const STATE_CODES = Object.keys(GST_STATES);
const ID = /^[\w-]{1,64}$/;

@ValidatorConstraint({ name: 'gstin' })
class GstinCheck implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isValidGstin(value);
  }
  defaultMessage(): string {
    return 'recipientGstin must be a valid 15-character GSTIN (check character included)';
  }
}

export class ListInvoicesQueryDto extends PagedQuery({
  defaultPageSize: 20,
  maxPageSize: 100,
  maxPage: 100_000,
}) {
  @ApiPropertyOptional({ enum: INVOICE_VIEWS, default: 'all' })
  @IsOptional()
  @IsIn(INVOICE_VIEWS)
  readonly view: InvoiceView = 'all';
}

export class CreateInvoiceRequestDto {
  @ApiProperty({ maxLength: 64 })
  @Matches(ID, { message: 'dealId is not a deal id' })
  @IsString()
  readonly dealId!: string;

  @ApiProperty({ maxLength: 64 })
  @Matches(ID, { message: 'milestoneId is not a milestone id' })
  @IsString()
  readonly milestoneId!: string;

  @ApiPropertyOptional({ enum: SAC_VALUES, default: '998361' })
  @IsOptional()
  @IsIn(SAC_VALUES)
  readonly sac?: SacCode;

  @ApiPropertyOptional({ maxLength: 300, description: "The creator's address on the invoice" })
  @IsOptional()
  @MaxLength(300)
  @MinLength(1)
  @IsString()
  readonly supplierAddress?: string;

  @ApiPropertyOptional({
    maxLength: 300,
    description:
      "The brand's address on the invoice; without it, the billing address the brand gave when it accepted",
  })
  @IsOptional()
  @MaxLength(300)
  @MinLength(1)
  @IsString()
  readonly recipientAddress?: string;

  @ApiPropertyOptional({
    pattern: GSTIN_PATTERN,
    description:
      "The brand's GSTIN, if registered; without it, the GSTIN the brand gave when it accepted",
  })
  @IsOptional()
  @Validate(GstinCheck)
  @IsString()
  readonly recipientGstin?: string;

  @ApiPropertyOptional({
    enum: STATE_CODES,
    description: "The brand's state (GST state code) when it has no GSTIN: the place of supply",
  })
  @IsOptional()
  @IsIn(STATE_CODES)
  readonly recipientStateCode?: string;
}

export class BrandInvoicesRequestDto {
  @ApiProperty({
    description: 'The token of the e-mailed review link',
    pattern: LINK_TOKEN_PATTERN,
  })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: 'token is not a valid review link token' })
  @IsString()
  readonly token!: string;
}

/** Spelled out (not \w), so JavaScript and Python read the contract's pattern alike. */
const CERTIFICATE_NUMBER = /^[A-Za-z0-9_/-]{1,40}$/;

export class RecordTdsRequestDto extends BrandInvoicesRequestDto {
  @ApiProperty({
    description: 'TDS deducted, integer paise',
    type: 'integer',
    minimum: 0,
    maximum: MAX_MILESTONE_PAISE * 2,
  })
  @Max(MAX_MILESTONE_PAISE * 2)
  @Min(0)
  @IsInt({ message: 'amountPaise must be a whole number of paise' })
  readonly amountPaise!: number;

  @ApiProperty({
    maxLength: 40,
    pattern: CERTIFICATE_NUMBER.source,
    description: 'The TDS certificate number (Form 16A)',
  })
  @Matches(CERTIFICATE_NUMBER, {
    message: 'certificateNumber is 1-40 letters, digits, slashes or dashes',
  })
  @IsString()
  readonly certificateNumber!: string;
}

export class InvoicePartyDto {
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ type: String, nullable: true }) gstin!: string | null;
}

export class PlaceOfSupplyDto {
  @ApiProperty() stateCode!: string;
  @ApiProperty() stateName!: string;
}

export class GstSplitDto {
  @ApiProperty({ enum: ['intra_state', 'inter_state'] }) supply!: 'intra_state' | 'inter_state';
  @ApiProperty() cgstPaise!: number;
  @ApiProperty() sgstPaise!: number;
  @ApiProperty() igstPaise!: number;
  @ApiProperty() cgstBasisPoints!: number;
  @ApiProperty() sgstBasisPoints!: number;
  @ApiProperty() igstBasisPoints!: number;
  @ApiProperty() taxPaise!: number;
}

export class TdsDto {
  @ApiProperty() amountPaise!: number;
  @ApiProperty() certificateNumber!: string;
  @ApiProperty() recordedAt!: string;
}

export class InvoiceDto {
  @ApiProperty() id!: string;
  @ApiProperty() dealId!: string;
  @ApiProperty() milestoneId!: string;
  @ApiProperty({ enum: INVOICE_KINDS }) kind!: InvoiceKind;
  @ApiProperty({ enum: INVOICE_STATUSES }) status!: InvoiceStatus;
  @ApiProperty({ type: String, nullable: true, example: 'PL/2026-27/0001' }) number!: string | null;
  @ApiProperty({ type: String, nullable: true }) financialYear!: string | null;
  @ApiProperty({ type: String, nullable: true }) issuedAt!: string | null;
  @ApiProperty({ type: InvoicePartyDto }) supplier!: InvoicePartyDto;
  @ApiProperty({ type: InvoicePartyDto }) recipient!: InvoicePartyDto;
  @ApiProperty({ type: PlaceOfSupplyDto, nullable: true }) placeOfSupply!: PlaceOfSupplyDto | null;
  @ApiProperty({ enum: SAC_VALUES }) sac!: string;
  @ApiProperty() description!: string;
  @ApiProperty() taxablePaise!: number;
  @ApiProperty({ type: GstSplitDto, nullable: true }) gst!: GstSplitDto | null;
  @ApiProperty() totalPaise!: number;
  @ApiProperty() totalInWords!: string;
  @ApiProperty({ type: TdsDto, nullable: true }) tds!: TdsDto | null;
  @ApiProperty({ description: 'The total less any TDS recorded' }) netPaise!: number;
  @ApiProperty() dueDate!: string;
  @ApiProperty({ type: String, nullable: true }) settledAt!: string | null;
  @ApiProperty({ enum: ['pending', 'paid', 'overdue'] }) payment!: 'pending' | 'paid' | 'overdue';
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;

  static of(invoice: Invoice, today: string): InvoiceDto {
    return Object.assign(new InvoiceDto(), {
      id: invoice.id,
      dealId: invoice.dealId,
      milestoneId: invoice.milestoneId,
      kind: invoice.kind,
      status: invoice.status,
      number: invoice.number,
      financialYear: invoice.financialYear,
      issuedAt: invoice.issuedAt?.toISOString() ?? null,
      supplier: { ...invoice.supplier },
      recipient: { ...invoice.recipient },
      placeOfSupply: invoice.placeOfSupply ? { ...invoice.placeOfSupply } : null,
      sac: invoice.sac,
      description: invoice.description,
      taxablePaise: invoice.taxablePaise,
      gst: invoice.gst ? { ...invoice.gst } : null,
      totalPaise: invoice.totalPaise,
      totalInWords: invoice.totalInWords,
      tds: invoice.tds
        ? {
            amountPaise: invoice.tds.amountPaise,
            certificateNumber: invoice.tds.certificateNumber,
            recordedAt: invoice.tds.recordedAt.toISOString(),
          }
        : null,
      netPaise: netReceivablePaise(invoice),
      dueDate: invoice.dueDate,
      settledAt: invoice.settledAt?.toISOString() ?? null,
      payment: invoice.settledAt ? 'paid' : isOverdue(invoice, today) ? 'overdue' : 'pending',
      lastError: invoice.lastError,
    });
  }
}

export class InvoicePageDto extends PageOf(InvoiceDto, { counts: 'number' }) {}

export class InvoiceCountsDto {
  @ApiProperty() all!: number;
  @ApiProperty() pending!: number;
  @ApiProperty() paid!: number;
  @ApiProperty() overdue!: number;
  @ApiProperty() toBeIssued!: number;

  static of(counts: InvoiceCounts): InvoiceCountsDto {
    return Object.assign(new InvoiceCountsDto(), counts);
  }
}

export class ReleasedMilestoneDto {
  @ApiProperty() dealId!: string;
  @ApiProperty() dealTitle!: string;
  @ApiProperty() milestoneId!: string;
  @ApiProperty() milestoneName!: string;
  @ApiProperty() amountPaise!: number;
  @ApiProperty({ type: String, nullable: true }) releasedAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The brand's GSTIN given when it accepted the deal: the invoice's default",
  })
  brandGstin!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The brand's billing address given when it accepted: the invoice's default",
  })
  brandAddress!: string | null;

  static of(milestone: ReleasedMilestone): ReleasedMilestoneDto {
    return Object.assign(new ReleasedMilestoneDto(), {
      ...milestone,
      releasedAt: milestone.releasedAt?.toISOString() ?? null,
    });
  }
}

export class SacCodeDto {
  @ApiProperty() code!: string;
  @ApiProperty() description!: string;
}
