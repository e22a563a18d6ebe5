import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  DEAL_LIMITS,
  DELIVERABLE_KINDS,
  type DeliverableKind,
  MAX_MILESTONE_PAISE,
  MIN_MILESTONE_PAISE,
  type Platform,
  PLATFORMS,
} from '../../../deals/deals.contract.js';
import { HANDLE_MAX_LENGTH } from '../../domain/handle.js';
import { KIT_LIMITS } from '../../domain/media-kit.js';
import { MAX_PACKAGES, MAX_SPLIT_PARTS, MAX_TURNAROUND_DAYS } from '../../domain/rate-package.js';

export class AudienceRequestDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: KIT_LIMITS.maxFollowers, example: 120000 })
  @Max(KIT_LIMITS.maxFollowers)
  @Min(0)
  @IsInt()
  readonly followers!: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: KIT_LIMITS.maxFollowers, example: 40000 })
  @Max(KIT_LIMITS.maxFollowers)
  @Min(0)
  @IsInt()
  readonly medianViews!: number;

  @ApiPropertyOptional({ maxLength: KIT_LIMITS.audienceNote, example: '64% women, 18–34' })
  @MaxLength(KIT_LIMITS.audienceNote)
  @IsString()
  @IsOptional()
  readonly note?: string;
}

export class PlatformRequestDto {
  @ApiProperty({ enum: PLATFORMS, example: 'instagram' })
  @IsIn(PLATFORMS)
  readonly platform!: Platform;

  @ApiProperty({ maxLength: KIT_LIMITS.platformHandle, example: 'asha.creates' })
  @MaxLength(KIT_LIMITS.platformHandle)
  @IsString()
  readonly handle!: string;

  @ApiPropertyOptional({ type: AudienceRequestDto, nullable: true })
  @ValidateNested()
  @Type(() => AudienceRequestDto)
  @IsOptional()
  readonly audience?: AudienceRequestDto | null;
}

export class RatePackageRequestDto {
  @ApiPropertyOptional({ description: 'A package already on the card keeps its id' })
  @MaxLength(64)
  @IsString()
  @IsOptional()
  readonly id?: string;

  @ApiProperty({ maxLength: DEAL_LIMITS.title, example: 'Instagram Reel' })
  @MaxLength(DEAL_LIMITS.title)
  @IsString()
  readonly title!: string;

  @ApiProperty({ enum: PLATFORMS }) @IsIn(PLATFORMS) readonly platform!: Platform;
  @ApiProperty({ enum: DELIVERABLE_KINDS })
  @IsIn(DELIVERABLE_KINDS)
  readonly kind!: DeliverableKind;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: DEAL_LIMITS.maxQuantity })
  @Max(DEAL_LIMITS.maxQuantity)
  @Min(1)
  @IsInt()
  readonly quantity!: number;

  @ApiProperty({ maxLength: DEAL_LIMITS.usageRights })
  @MaxLength(DEAL_LIMITS.usageRights)
  @IsString()
  readonly usageRights!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: DEAL_LIMITS.maxUsagePeriodDays })
  @Max(DEAL_LIMITS.maxUsagePeriodDays)
  @Min(0)
  @IsInt()
  readonly usagePeriodDays!: number;

  @ApiProperty({
    type: 'integer',
    minimum: MIN_MILESTONE_PAISE,
    maximum: MAX_MILESTONE_PAISE,
    description: 'Integer paise',
  })
  @Max(MAX_MILESTONE_PAISE)
  @Min(MIN_MILESTONE_PAISE)
  @IsInt()
  readonly pricePaise!: number;

  @ApiProperty({ description: 'Shown as "from ₹…": a starting price' })
  @IsBoolean()
  readonly priceIsFrom!: boolean;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_TURNAROUND_DAYS })
  @Max(MAX_TURNAROUND_DAYS)
  @Min(1)
  @IsInt()
  readonly turnaroundDays!: number;

  @ApiProperty({
    type: 'integer',
    isArray: true,
    maxItems: MAX_SPLIT_PARTS,
    example: [50, 50],
    description: 'Percentages per milestone, adding up to 100',
  })
  @Max(100, { each: true })
  @Min(1, { each: true })
  @IsInt({ each: true })
  @ArrayMaxSize(MAX_SPLIT_PARTS)
  @IsArray()
  readonly milestoneSplit!: number[];

  @ApiProperty() @IsBoolean() readonly visible!: boolean;
}

export class MediaKitRequestDto {
  @ApiProperty({ maxLength: KIT_LIMITS.bio })
  @MaxLength(KIT_LIMITS.bio)
  @IsString()
  readonly bio!: string;

  @ApiProperty({ type: [String], maxItems: KIT_LIMITS.maxNiches, example: ['beauty', 'travel'] })
  @MaxLength(KIT_LIMITS.tag, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(KIT_LIMITS.maxNiches)
  @IsArray()
  readonly niches!: string[];

  @ApiProperty({ type: [String], maxItems: KIT_LIMITS.maxLanguages, example: ['Hindi', 'English'] })
  @MaxLength(KIT_LIMITS.tag, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(KIT_LIMITS.maxLanguages)
  @IsArray()
  readonly languages!: string[];

  @ApiProperty({ maxLength: KIT_LIMITS.city, example: 'Pune' })
  @MaxLength(KIT_LIMITS.city)
  @IsString()
  readonly city!: string;

  @ApiProperty({
    type: [String],
    maxItems: KIT_LIMITS.maxPortfolioLinks,
    description: 'Absolute http(s) addresses only',
  })
  @MaxLength(KIT_LIMITS.url, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(KIT_LIMITS.maxPortfolioLinks)
  @IsArray()
  readonly portfolioLinks!: string[];

  @ApiProperty({ type: [PlatformRequestDto], maxItems: PLATFORMS.length })
  @ValidateNested({ each: true })
  @Type(() => PlatformRequestDto)
  @ArrayMaxSize(PLATFORMS.length)
  @IsArray()
  readonly platforms!: PlatformRequestDto[];

  @ApiProperty({ type: [RatePackageRequestDto], maxItems: MAX_PACKAGES })
  @ValidateNested({ each: true })
  @Type(() => RatePackageRequestDto)
  @ArrayMaxSize(MAX_PACKAGES)
  @IsArray()
  readonly packages!: RatePackageRequestDto[];

  @ApiProperty({ description: 'Search engines may index the public page' })
  @IsBoolean()
  readonly allowIndexing!: boolean;

  @ApiProperty({ description: "The public page shows Paylock's track record (counts only)" })
  @IsBoolean()
  readonly showTrackRecord!: boolean;
}

export class HandleRequestDto {
  @ApiProperty({ maxLength: HANDLE_MAX_LENGTH + 1, example: 'asha.creates' })
  @MaxLength(HANDLE_MAX_LENGTH + 1)
  @IsString()
  readonly handle!: string;
}

export class PublicationRequestDto {
  @ApiProperty() @IsBoolean() readonly published!: boolean;
}
