import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DEAL_LIMITS } from '../../../deals/deals.contract.js';
import {
  type PackageRequest,
  REQUEST_LIMITS,
  REQUEST_STATES,
  type PackageRequestState,
} from '../../domain/package-request.js';
import type { RequestFunnel } from '../../domain/request-funnel.js';
import type { SentRequestCode } from '../../application/ports/package-request-parties.js';
import type { PackageRequestPage } from '../../application/ports/package-requests.store.js';
import { RatePackageDto } from './media-kit-response.dto.js';

/** What the contract admits as a number: optional +91 or 0, then 6–9 and nine more digits, spaces anywhere. */
const PHONE_PATTERN = String.raw`^\s*(?:(?:\+\s*9\s*1|0)\s*)?[6-9](?:\s*[0-9]){9}\s*$`;
const PHONE_MESSAGE = 'Please enter a 10-digit Indian mobile number';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,420}\\.[A-Za-z0-9_-]{22}$';

/** "Get a code" on the request form. */
export class PackageRequestCodeRequestDto {
  @ApiProperty({
    description: 'The contact’s Indian mobile number: the code goes there by SMS.',
    example: '98765 43210',
    pattern: PHONE_PATTERN,
    maxLength: 40,
  })
  @Matches(new RegExp(PHONE_PATTERN), { message: PHONE_MESSAGE })
  @MaxLength(40, { message: PHONE_MESSAGE })
  @IsString({ message: PHONE_MESSAGE })
  readonly phone!: string;

  @ApiPropertyOptional({
    description:
      'A solved challenge, as for the brands’ sign-in codes: only after an answer 428 CHALLENGE_REQUIRED.',
    maxLength: 4000,
  })
  @IsOptional()
  @MaxLength(4000)
  @IsString()
  readonly proof?: string;
}

export class PackageRequestCodeSentDto {
  @ApiProperty({ example: '+91 98XXXXXX10' }) readonly maskedPhone!: string;
  @ApiProperty({ type: 'integer', example: 60 }) readonly resendAfterSeconds!: number;
  @ApiProperty({ type: 'integer', example: 600 }) readonly expiresInSeconds!: number;

  static of(sent: SentRequestCode): PackageRequestCodeSentDto {
    return Object.assign(new PackageRequestCodeSentDto(), sent);
  }
}

/** The brand's request. Signed in as a brand, `contactMobile` and `code` are not needed. */
export class PackageRequestRequestDto {
  @ApiProperty({ maxLength: DEAL_LIMITS.companyName, example: 'Glow Naturals' })
  @MaxLength(DEAL_LIMITS.companyName)
  @IsString()
  readonly companyName!: string;

  @ApiProperty({ maxLength: DEAL_LIMITS.contactName, example: 'Meera Shah' })
  @MaxLength(DEAL_LIMITS.contactName)
  @IsString()
  readonly contactName!: string;

  @ApiProperty({ maxLength: 254, example: 'meera@glownaturals.in' })
  @MaxLength(254)
  @IsString()
  readonly contactEmail!: string;

  @ApiPropertyOptional({
    description: 'The mobile the code was sent to (not needed when signed in as a brand).',
    pattern: PHONE_PATTERN,
    maxLength: 40,
  })
  @IsOptional()
  @Matches(new RegExp(PHONE_PATTERN), { message: PHONE_MESSAGE })
  @MaxLength(40, { message: PHONE_MESSAGE })
  @IsString({ message: PHONE_MESSAGE })
  readonly contactMobile?: string;

  @ApiPropertyOptional({
    description: 'The 6-digit code from the SMS (not needed when signed in as a brand).',
    pattern: '^[0-9]{6}$',
    minLength: 6,
    maxLength: 6,
  })
  @IsOptional()
  @Matches(/^[0-9]{6}$/, { message: 'Please enter the 6-digit code from the SMS' })
  @IsString({ message: 'Please enter the 6-digit code from the SMS' })
  readonly code?: string;

  @ApiProperty({ maxLength: REQUEST_LIMITS.brief, example: 'Launch of our Diwali serum.' })
  @MaxLength(REQUEST_LIMITS.brief)
  @IsString()
  readonly brief!: string;

  @ApiProperty({ format: 'date', example: '2026-12-01', description: 'The first day (India)' })
  @Matches(DAY_PATTERN, { message: 'startDate must be a date (YYYY-MM-DD)' })
  @IsString()
  readonly startDate!: string;

  @ApiProperty({ format: 'date', example: '2026-12-20', description: 'The last day (India)' })
  @Matches(DAY_PATTERN, { message: 'endDate must be a date (YYYY-MM-DD)' })
  @IsString()
  readonly endDate!: string;
}

/** What the brand is told once the request is stored. */
export class PackageRequestSentDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: REQUEST_STATES, enumName: 'PackageRequestState' })
  readonly state!: PackageRequestState;

  static of(request: PackageRequest): PackageRequestSentDto {
    return Object.assign(new PackageRequestSentDto(), { id: request.id, state: request.state });
  }
}

export class RequestingBrandDto {
  @ApiProperty() readonly companyName!: string;
  @ApiProperty() readonly contactName!: string;
  @ApiProperty() readonly contactEmail!: string;
  @ApiProperty({ description: 'E.164, proven by an SMS code or the brand’s session' })
  readonly contactMobile!: string;
  @ApiProperty({ description: 'Signed in as a brand when requesting' })
  readonly signedIn!: boolean;
}

/** A request as the creator sees it. */
export class PackageRequestDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ type: RatePackageDto, description: 'The package as it was when requested' })
  readonly package!: RatePackageDto;
  @ApiProperty({ type: RequestingBrandDto }) readonly brand!: RequestingBrandDto;
  @ApiProperty() readonly brief!: string;
  @ApiProperty({ format: 'date' }) readonly startDate!: string;
  @ApiProperty({ format: 'date' }) readonly endDate!: string;
  @ApiProperty({ enum: REQUEST_STATES, enumName: 'PackageRequestState' })
  readonly state!: PackageRequestState;
  @ApiProperty({ format: 'date-time' }) readonly requestedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readonly decidedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly declineReason!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The deal draft the acceptance made (open it in the deal editor)',
  })
  readonly dealId!: string | null;

  static of(request: PackageRequest): PackageRequestDto {
    return Object.assign(new PackageRequestDto(), {
      id: request.id,
      package: RatePackageDto.of(request.package),
      brand: Object.assign(new RequestingBrandDto(), {
        ...request.brand,
        signedIn: request.brandAccountId !== null,
      }),
      brief: request.brief,
      startDate: request.startDate,
      endDate: request.endDate,
      state: request.state,
      requestedAt: request.requestedAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
      declineReason: request.declineReason,
      dealId: request.dealId,
    });
  }
}

export class PackageRequestPageDto {
  @ApiProperty({ type: [PackageRequestDto] }) readonly items!: PackageRequestDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Opaque cursor of the next (older) page; null on the last page',
  })
  readonly nextCursor!: string | null;

  static of(page: PackageRequestPage): PackageRequestPageDto {
    return Object.assign(new PackageRequestPageDto(), {
      items: page.items.map((item) => PackageRequestDto.of(item)),
      nextCursor: page.nextBefore,
    });
  }
}

export class PackageRequestsQueryDto {
  @ApiPropertyOptional({
    pattern: CURSOR_PATTERN,
    maxLength: 443,
    description: "A previous page's nextCursor. Altered or another creator's: 400.",
  })
  @IsOptional()
  @IsString()
  @MaxLength(443)
  @Matches(new RegExp(CURSOR_PATTERN))
  readonly cursor?: string;
}

export class DeclinePackageRequestDto {
  @ApiPropertyOptional({
    maxLength: REQUEST_LIMITS.declineReason,
    description: 'Why, in a few words: sent to the brand with the answer',
    example: 'Fully booked until January.',
  })
  @IsOptional()
  @MaxLength(REQUEST_LIMITS.declineReason)
  @IsString()
  readonly reason?: string;
}

export class RequestFunnelDto {
  @ApiProperty({ type: 'integer' }) readonly received!: number;
  @ApiProperty({ type: 'integer', description: 'Requests whose deal draft was sent to the brand' })
  readonly dealsSent!: number;
  @ApiProperty({ type: 'integer', description: 'Of those, deals the brand accepted' })
  readonly accepted!: number;
  @ApiProperty({ type: 'integer', description: 'Of those, deals with a funded milestone' })
  readonly funded!: number;

  static of(funnel: RequestFunnel): RequestFunnelDto {
    return Object.assign(new RequestFunnelDto(), funnel);
  }
}
