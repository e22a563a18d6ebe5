import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  IsDefined,
  IsObject,
} from 'class-validator';
import { LINK_TOKEN_PATTERN } from '../../../link-tokens/index.js';
import {
  DELIVERABLE_KINDS,
  type DeliverableKind,
  type Platform,
  PLATFORMS,
} from '../../domain/deal.js';
import {
  DEFAULT_APPROVAL_WINDOW_DAYS,
  DEFAULT_REVISION_ROUNDS,
  LIMITS,
} from '../../domain/deal-terms.js';
import { BILLING_LIMITS } from '../../domain/brand-billing.js';
import { GSTIN_PATTERN } from '../../../tax/tax.contract.js';
import { MAX_MILESTONE_PAISE, MIN_MILESTONE_PAISE } from '../../domain/money.js';

export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DAY = new RegExp(DAY_PATTERN);
const INTEGER_PAISE = 'must be a whole number of paise (an integer, not a string or a decimal)';

export class BrandPartyRequestDto {
  @ApiProperty({ maxLength: LIMITS.companyName, example: 'Glow Naturals Pvt Ltd' })
  @MaxLength(LIMITS.companyName)
  @IsString()
  readonly companyName!: string;

  @ApiProperty({ maxLength: LIMITS.contactName, example: 'Priya Mehta' })
  @MaxLength(LIMITS.contactName)
  @IsString()
  readonly contactName!: string;

  @ApiProperty({ maxLength: LIMITS.email, example: 'priya@glownaturals.in' })
  @MaxLength(LIMITS.email)
  @IsString()
  readonly contactEmail!: string;

  @ApiProperty({
    maxLength: 20,
    example: '9876543210',
    description: 'Indian mobile number: 10 digits starting 6–9 (spaces ignored), as the waitlist',
  })
  @MaxLength(20)
  @IsString()
  readonly contactMobile!: string;
}

export class DeliverableRequestDto {
  @ApiProperty({ enum: PLATFORMS, example: 'instagram' })
  @IsIn(PLATFORMS)
  readonly platform!: Platform;

  @ApiProperty({ enum: DELIVERABLE_KINDS, example: 'reel' })
  @IsIn(DELIVERABLE_KINDS)
  readonly kind!: DeliverableKind;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: LIMITS.maxQuantity, example: 1 })
  @Max(LIMITS.maxQuantity)
  @Min(1)
  @IsInt()
  readonly quantity!: number;

  @ApiProperty({
    format: 'date',
    pattern: DAY_PATTERN,
    example: '2026-12-20',
    description: 'Not in the past (India time)',
  })
  @Matches(DAY, { message: 'dueDate must be a date (YYYY-MM-DD)' })
  @IsString()
  readonly dueDate!: string;

  @ApiProperty({ maxLength: LIMITS.usageRights, example: 'Organic posting and paid ads on Meta' })
  @MaxLength(LIMITS.usageRights)
  @IsString()
  readonly usageRights!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: LIMITS.maxUsagePeriodDays, example: 90 })
  @Max(LIMITS.maxUsagePeriodDays)
  @Min(0)
  @IsInt()
  readonly usagePeriodDays!: number;
}

export class MilestoneRequestDto {
  @ApiProperty({ maxLength: LIMITS.milestoneName, example: 'Reel goes live' })
  @MaxLength(LIMITS.milestoneName)
  @IsString()
  readonly name!: string;

  @ApiProperty({ maxLength: LIMITS.releaseCondition, example: 'The reel is live on Instagram' })
  @MaxLength(LIMITS.releaseCondition)
  @IsString()
  readonly releaseCondition!: string;

  @ApiProperty({
    type: 'integer',
    minimum: MIN_MILESTONE_PAISE,
    maximum: MAX_MILESTONE_PAISE,
    example: 5000000,
    description: 'Integer paise: ₹1 (100) to ₹1,00,00,000 (1000000000)',
  })
  @Max(MAX_MILESTONE_PAISE, {
    message: `amountPaise must be at most ${String(MAX_MILESTONE_PAISE)} (₹1,00,00,000)`,
  })
  @Min(MIN_MILESTONE_PAISE, {
    message: `amountPaise must be at least ${String(MIN_MILESTONE_PAISE)} (₹1)`,
  })
  @IsInt({ message: `amountPaise ${INTEGER_PAISE}` })
  readonly amountPaise!: number;

  @ApiProperty({ format: 'date', pattern: DAY_PATTERN, example: '2026-12-20' })
  @Matches(DAY, { message: 'dueDate must be a date (YYYY-MM-DD)' })
  @IsString()
  readonly dueDate!: string;
}

/** A deal's terms, to create a draft or replace a draft's terms. */
export class DealTermsRequestDto {
  @ApiProperty({ maxLength: LIMITS.title, example: 'Diwali glow serum launch' })
  @MaxLength(LIMITS.title)
  @IsString()
  readonly title!: string;

  @ApiPropertyOptional({ maxLength: LIMITS.brief, example: 'One reel and three stories.' })
  @IsOptional()
  @MaxLength(LIMITS.brief)
  @IsString()
  readonly brief?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: LIMITS.campaign,
    nullable: true,
    example: 'Diwali 2026 launch',
    description: "The brand's campaign this deal belongs to",
  })
  @IsOptional()
  @MaxLength(LIMITS.campaign)
  @IsString()
  readonly campaign?: string | null;

  @ApiProperty({ type: BrandPartyRequestDto })
  @ValidateNested()
  @Type(() => BrandPartyRequestDto)
  @IsObject()
  @IsDefined()
  readonly brand!: BrandPartyRequestDto;

  @ApiProperty({
    type: [DeliverableRequestDto],
    minItems: LIMITS.minDeliverables,
    maxItems: LIMITS.maxDeliverables,
  })
  @ValidateNested({ each: true })
  @Type(() => DeliverableRequestDto)
  @ArrayMaxSize(LIMITS.maxDeliverables)
  @ArrayMinSize(LIMITS.minDeliverables)
  @IsArray()
  readonly deliverables!: DeliverableRequestDto[];

  @ApiProperty({
    type: [MilestoneRequestDto],
    minItems: LIMITS.minMilestones,
    maxItems: LIMITS.maxMilestones,
  })
  @ValidateNested({ each: true })
  @Type(() => MilestoneRequestDto)
  @ArrayMaxSize(LIMITS.maxMilestones)
  @ArrayMinSize(LIMITS.minMilestones)
  @IsArray()
  readonly milestones!: MilestoneRequestDto[];

  @ApiProperty({
    type: 'integer',
    minimum: MIN_MILESTONE_PAISE,
    maximum: MAX_MILESTONE_PAISE * LIMITS.maxMilestones,
    example: 12500000,
    description: 'Integer paise; must equal the sum of the milestones',
  })
  @Max(MAX_MILESTONE_PAISE * LIMITS.maxMilestones)
  @Min(MIN_MILESTONE_PAISE)
  @IsInt({ message: `totalPaise ${INTEGER_PAISE}` })
  readonly totalPaise!: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: LIMITS.minApprovalWindowDays,
    maximum: LIMITS.maxApprovalWindowDays,
    default: DEFAULT_APPROVAL_WINDOW_DAYS,
    description:
      'Days the brand has to approve a delivered milestone before it is approved automatically',
  })
  @IsOptional()
  @Max(LIMITS.maxApprovalWindowDays)
  @Min(LIMITS.minApprovalWindowDays)
  @IsInt()
  readonly approvalWindowDays?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: LIMITS.minRevisionRounds,
    maximum: LIMITS.maxRevisionRounds,
    default: DEFAULT_REVISION_ROUNDS,
    description: 'Rounds of changes the brand may ask for on each submitted milestone',
  })
  @IsOptional()
  @Max(LIMITS.maxRevisionRounds)
  @Min(LIMITS.minRevisionRounds)
  @IsInt()
  readonly revisionRounds?: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  readonly gstApplies?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: GSTIN_PATTERN,
    example: '27AAPFU0939F1ZV',
    description: "The creator's GSTIN (15 characters, check character verified)",
  })
  @IsOptional()
  @Matches(new RegExp(GSTIN_PATTERN), {
    message: 'gstin must be a valid 15-character GSTIN (check character included)',
  })
  @IsString()
  readonly gstin?: string | null;
}

export class BrandLinkRequestDto {
  @ApiProperty({
    description: 'The token of the e-mailed review link (its `token` query parameter)',
    pattern: LINK_TOKEN_PATTERN,
    example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
  })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: 'token is not a valid review link token' })
  @IsString()
  readonly token!: string;
}

export class AcceptDealRequestDto extends BrandLinkRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: LIMITS.fullName,
    example: 'Priya Mehta',
    description: 'The full name typed as the signature',
  })
  @Matches(/\S/, { message: 'fullName is required' })
  @MaxLength(LIMITS.fullName)
  @IsString()
  readonly fullName!: string;

  @ApiProperty({ enum: [true], description: 'The box "I agree to the contract above", ticked' })
  @Equals(true, { message: 'agreed must be true: tick "I agree to the contract above"' })
  readonly agreed!: true;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 32,
    example: '29AAACR5055K1Z3',
    description:
      "The brand's GSTIN, for the creator's invoices (optional): 15 characters, any case (stored " +
      'upper case), check character verified; a wrong one answers 400 naming `gstin`',
  })
  @IsOptional()
  @MaxLength(32, { message: 'gstin must be a valid 15-character GSTIN (check character included)' })
  @IsString()
  readonly gstin?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: BILLING_LIMITS.address,
    example: '12 MG Road, Bengaluru, Karnataka 560001',
    description:
      "The brand's billing address, for the creator's invoices (optional): trimmed, line breaks " +
      'allowed, no other control or invisible characters',
  })
  @IsOptional()
  @MaxLength(BILLING_LIMITS.address, {
    message: `billingAddress must be at most ${String(BILLING_LIMITS.address)} characters`,
  })
  @IsString()
  readonly billingAddress?: string | null;
}

export class RequestChangesRequestDto extends BrandLinkRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: LIMITS.comment,
    example: 'Could the reel go live a week later?',
  })
  @Matches(/\S/, { message: 'comment is required' })
  @MaxLength(LIMITS.comment)
  @IsString()
  readonly comment!: string;
}

export class DeclineDealRequestDto extends BrandLinkRequestDto {
  @ApiPropertyOptional({ maxLength: LIMITS.comment, example: 'Our budget moved to Q1.' })
  @IsOptional()
  @MaxLength(LIMITS.comment)
  @IsString()
  readonly reason?: string;
}
