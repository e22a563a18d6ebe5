import { Body, Controller, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { errorStatuses, Throws } from '../../common/presentation/domain-error-statuses.js';
import { HttpStatus } from '@nestjs/common';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import {
  CreatorActingAsBrandError,
  DealLinkInvalidError,
  DealMoneyLinkExpiredError,
  DealNotFoundError,
  NotTheDealsBrandError,
} from '../../deals/deals.contract.js';
import {
  BAD_TOKEN,
  DEAL_ID_PARAM,
  NotTheDealsCreatorGuard,
  operation,
  OwnRead,
  ReviewLinkCall,
} from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { DealTimeline } from '../application/deal-timeline.use-case.js';
import { BrandNoticeSendsRequestDto, DealNoticeSendsDto } from './dto/notice-send.dto.js';

const STATUSES = errorStatuses([
  [DealNotFoundError, HttpStatus.NOT_FOUND],
  // The brand's token: the money routes' one rule (BrandMoneyLinks).
  [DealLinkInvalidError, HttpStatus.NOT_FOUND],
  [NotTheDealsBrandError, HttpStatus.FORBIDDEN],
  [CreatorActingAsBrandError, HttpStatus.FORBIDDEN],
  [DealMoneyLinkExpiredError, HttpStatus.GONE],
]);

const SENDS_SUMMARY =
  'What Paylock sent about the deal: what, to whom, when, by which channel, and whether it went';

/** The creator's deal page: every send to either side of one of their deals (#39 item 7). */
@ApiTags('notifications')
@Controller('deals/:dealId/notices')
@Roles('creator')
@UseFilters(new DomainErrorFilter(STATUSES))
export class DealTimelineController {
  constructor(private readonly timeline: DealTimeline) {}

  @OwnRead(
    undefined,
    { summary: SENDS_SUMMARY, type: DealNoticeSendsDto },
    DEAL_ID_PARAM,
    Throws(STATUSES, DealNotFoundError),
  )
  async listDealNoticeSends(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealNoticeSendsDto> {
    return DealNoticeSendsDto.of(await this.timeline.forCreator(user.id, dealId));
  }
}

/** The brand's review page: what was sent to the brand about the deal, by its review link. */
@ApiTags('deal-review')
@Controller('deal-review/notices')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DomainErrorFilter(STATUSES))
@UseGuards(NotTheDealsCreatorGuard)
export class BrandDealTimelineController {
  constructor(private readonly timeline: DealTimeline) {}

  @Post()
  @NoStore()
  @operation(`${SENDS_SUMMARY} (the brand's side only), by the brand's review link`)
  @ApiOkResponse({ type: DealNoticeSendsDto })
  @ReviewLinkCall(
    BAD_TOKEN,
    STATUSES,
    DealLinkInvalidError,
    NotTheDealsBrandError,
    CreatorActingAsBrandError,
    DealMoneyLinkExpiredError,
  )
  async listBrandNoticeSends(
    @Body() body: BrandNoticeSendsRequestDto,
  ): Promise<DealNoticeSendsDto> {
    return DealNoticeSendsDto.of(await this.timeline.forBrand(body.token));
  }
}
