import { Controller, Query } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import {
  type AuthorizedBrand,
  AuthorizedBrandOf,
  type AuthorizedUser,
  AuthorizedUserOf,
  Roles,
} from '../../auth/index.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { badRequest, OwnRead } from '../../deals/index.js';
import { InsightsQueries } from '../application/insights.use-case.js';
import { InvalidRangeError } from '../domain/india-time.js';
import { AnalyticsDto, BrandDuesDto, InsightsDto, PeriodQueryDto } from './dto/insights.dto.js';

const BAD_PERIOD = badRequest({ to: 'to must not be before from' });

/** A bad range answers 400 naming its field, like any refused query. */
async function inRange<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidRangeError)
      throw new RequestValidationException({ [error.field]: error.message });
    throw error;
  }
}

/** The creator's analytics and insights (#40), from the insights' read model. */
@ApiTags('insights')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('insights')
@Roles('creator')
export class InsightsController {
  constructor(private readonly queries: InsightsQueries) {}

  @OwnRead(
    'analytics',
    {
      summary: 'Money, speed and flow for a period and the one before, overall and per brand',
      description:
        'India time. Ranges: at most 5 years, not in the future. docs/insights.md defines each figure.',
      type: AnalyticsDto,
    },
    BAD_PERIOD,
  )
  async getInsightsAnalytics(
    @Query() query: PeriodQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<AnalyticsDto> {
    return AnalyticsDto.of(await inRange(() => this.queries.analytics(user.id, query)));
  }

  @OwnRead(
    undefined,
    {
      summary: "Plain-sentence insights with their evidence, and what's coming by day",
      type: InsightsDto,
    },
    BAD_PERIOD,
  )
  async getInsights(
    @Query() query: PeriodQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<InsightsDto> {
    return InsightsDto.of(await inRange(() => this.queries.insights(user.id, query)));
  }
}

/** The brand workspace's mirror (#40): what it owes and when, and what it paid each creator. */
@ApiTags('brand')
@ApiExtraModels(ErrorResponseDto)
@Controller('brand/insights')
@Roles('brand')
export class BrandInsightsController {
  constructor(private readonly queries: InsightsQueries) {}

  @OwnRead('dues', {
    summary:
      'What I owe and when: funding due, approvals due with their automatic dates; paid per creator',
    description: 'The deals accepted from this workspace.',
    type: BrandDuesDto,
  })
  async getBrandDues(@AuthorizedBrandOf() { brand }: AuthorizedBrand): Promise<BrandDuesDto> {
    return BrandDuesDto.of(await this.queries.brandDues(brand.id));
  }
}
