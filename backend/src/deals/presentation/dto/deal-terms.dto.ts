import { ApiProperty } from '@nestjs/swagger';
import { pick } from '../../../common/domain/pick.js';
import {
  type BrandParty,
  type Deal,
  DELIVERABLE_KINDS,
  type DeliverableKind,
  type Platform,
  PLATFORMS,
} from '../../domain/deal.js';
import { MilestoneDto } from './milestone.dto.js';

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

/** A deal's terms, as the creator's deal and the brand's review both show them. */
export const termsOf = (deal: Deal): DealTerms => ({
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
