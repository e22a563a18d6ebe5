import { applyDecorators } from '@nestjs/common';
import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
} from 'class-validator';
import { PagedQuery } from '../../../common/presentation/paged-query.dto.js';
import { CANCELLATION_REASON_LIMITS } from '../../../deals/deals.contract.js';
import { LINK_TOKEN_PATTERN } from '../../../link-tokens/index.js';

export const MONEY_LIMITS = {
  note: 2000,
  reason: 2000,
  link: 500,
  minLinks: 1,
  maxLinks: 10,
  milestoneId: 64,
} as const;

/** Text that is not only spaces: the checks refuse blank text, and the schema says so. */
const NOT_BLANK = '\\S';
/** What the deal texts' rule (the domain's) refuses beyond the schema: said in the contract. */
const TYPED_TEXT_RULE = `Trimmed, 1–${String(MONEY_LIMITS.note)} characters; line breaks allowed, no other control or invisible characters`;

const TOKEN_PROPERTY = {
  description: 'The token of the e-mailed review link (its `token` query parameter)',
  pattern: LINK_TOKEN_PATTERN,
  example: 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
};

export class BrandMoneyRequestDto {
  @ApiProperty(TOKEN_PROPERTY)
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: 'token is not a valid review link token' })
  @IsString()
  readonly token!: string;
}

export class BrandMilestoneRequestDto extends BrandMoneyRequestDto {
  @ApiProperty({ maxLength: MONEY_LIMITS.milestoneId, description: "The milestone's id" })
  @MaxLength(MONEY_LIMITS.milestoneId)
  @IsString()
  readonly milestoneId!: string;
}

export class BrandChangesRequestDto extends BrandMilestoneRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MONEY_LIMITS.note,
    pattern: NOT_BLANK,
    example: 'Please add the discount code.',
    description: TYPED_TEXT_RULE,
  })
  @Matches(/\S/, { message: 'note is required' })
  @MaxLength(MONEY_LIMITS.note)
  @IsString()
  readonly note!: string;
}

export class DisputeRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MONEY_LIMITS.reason,
    pattern: NOT_BLANK,
    example: 'The reel was not posted.',
    description: TYPED_TEXT_RULE,
  })
  @Matches(/\S/, { message: 'reason is required' })
  @MaxLength(MONEY_LIMITS.reason)
  @IsString()
  readonly reason!: string;
}

/** A dispute by the brand's review link: the link, the milestone and the reason. */
export class BrandDisputeRequestDto extends IntersectionType(
  BrandMilestoneRequestDto,
  DisputeRequestDto,
) {}

/** The other side's answer to a dispute, for the admin who decides it. */
export class DisputeAnswerRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MONEY_LIMITS.note,
    pattern: NOT_BLANK,
    example: 'The reel went live on 3 March; here is the link.',
    description: TYPED_TEXT_RULE,
  })
  @Matches(/\S/, { message: 'note is required' })
  @MaxLength(MONEY_LIMITS.note)
  @IsString()
  readonly note!: string;
}

/** The brand's answer to the creator's dispute, by the review link. */
export class BrandDisputeAnswerRequestDto extends IntersectionType(
  BrandMilestoneRequestDto,
  DisputeAnswerRequestDto,
) {}

export class SubmissionRequestDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', maxLength: MONEY_LIMITS.link, pattern: '^https://\\S+$' },
    minItems: MONEY_LIMITS.minLinks,
    maxItems: MONEY_LIMITS.maxLinks,
    description: 'https links to the delivered posts',
    example: ['https://www.instagram.com/reel/abc123/'],
  })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_tld: false },
    { each: true, message: 'each link must be an https:// address' },
  )
  @MaxLength(MONEY_LIMITS.link, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(MONEY_LIMITS.maxLinks)
  @ArrayMinSize(MONEY_LIMITS.minLinks)
  @IsArray()
  readonly links!: string[];

  @ApiProperty({ maxLength: MONEY_LIMITS.note, example: 'Live since 10:00; 12k views so far.' })
  @MaxLength(MONEY_LIMITS.note)
  @IsString()
  readonly note!: string;
}

export class ResolutionRequestDto {
  @ApiProperty({ enum: ['release', 'refund'] })
  @IsIn(['release', 'refund'])
  readonly decision!: 'release' | 'refund';

  @ApiProperty({
    minLength: 1,
    maxLength: MONEY_LIMITS.note,
    pattern: NOT_BLANK,
    example: 'The reel is live as agreed.',
  })
  @Matches(/\S/, { message: 'note is required' })
  @MaxLength(MONEY_LIMITS.note)
  @IsString()
  readonly note!: string;
}

/** The disputes list's paging (the shared factory: same checks and messages as every list). */
export class DisputesQueryDto extends PagedQuery({
  defaultPageSize: 20,
  maxPageSize: 100,
  maxPage: 10_000,
}) {}

/**
 * A text field the gateway may leave out, at most `maxLength` characters. The checks are applied
 * as a stack written `@ApiProperty @IsOptional @MaxLength @IsString` would be (bottom first), so
 * they run in that order.
 */
const GatewayText = (maxLength: number) =>
  applyDecorators(
    IsString(),
    MaxLength(maxLength),
    IsOptional(),
    ApiProperty({ required: false, maxLength }),
  );

/** What the gateway's hosted checkout POSTs back (form-encoded). */
export class CheckoutCallbackDto {
  @GatewayText(64) readonly razorpay_payment_id?: string;

  @GatewayText(64) readonly razorpay_order_id?: string;

  @GatewayText(128) readonly razorpay_signature?: string;

  // What Razorpay posts after a failed payment (read by nobody: the page only learns it failed).

  @GatewayText(64) readonly 'error[code]'?: string;

  @GatewayText(500) readonly 'error[description]'?: string;

  @GatewayText(64) readonly 'error[source]'?: string;

  @GatewayText(64) readonly 'error[step]'?: string;

  @GatewayText(128) readonly 'error[reason]'?: string;

  @GatewayText(1000) readonly 'error[metadata]'?: string;
}

const CANCELLATION_REASON = {
  minLength: CANCELLATION_REASON_LIMITS.min,
  maxLength: CANCELLATION_REASON_LIMITS.max,
  pattern: NOT_BLANK,
  description:
    'Why the deal should be cancelled (3–500 characters once trimmed; no control or invisible characters)',
  example: 'The product launch was called off.',
};

export class CancellationRequestDto {
  @ApiProperty(CANCELLATION_REASON)
  @Matches(/\S/, { message: 'reason is required' })
  @MaxLength(CANCELLATION_REASON_LIMITS.max)
  @IsString()
  readonly reason!: string;
}

/** A proposal to cancel by the brand's review link: the link and the reason. */
export class BrandCancellationRequestDto extends IntersectionType(
  BrandMoneyRequestDto,
  CancellationRequestDto,
) {}
