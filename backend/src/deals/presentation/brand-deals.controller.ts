import { Controller, HttpCode, HttpStatus, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AuthorizedBrand, AuthorizedBrandOf, Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { ErrorResponseDto } from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { BrandDeals, mobileOf, type WorkspaceBrand } from '../application/brand-deals.use-cases.js';
import type { BrandContact } from '../application/ports/deal.repository.js';
import { DealNotFoundError, NotTheDealsBrandError } from '../domain/deal.errors.js';
import { DEALS_ERROR_STATUSES } from './deals.error-statuses.js';
import { DealsErrorFilter } from './deals-error.filter.js';
import { operation, OwnRead, UNAVAILABLE } from './deals.openapi.js';
import { ApiParam } from '@nestjs/swagger';
import { BrandDealListDto, WorkspaceReviewLinkDto } from './dto/brand-deal.dto.js';

/** Brand accounts have no confirmed e-mail address yet: the number is who they are to deals. */
function contactOf({ brand }: AuthorizedBrand): BrandContact {
  return { mobile: mobileOf(brand.phone) };
}

const workspaceBrandOf = (authorized: AuthorizedBrand): WorkspaceBrand => ({
  id: authorized.brand.id,
  contact: contactOf(authorized),
});

/**
 * The brand workspace's deals (#25): those sent to the signed-in brand's verified number, and a
 * fresh review link for one of them (the review page then does the rest). Brands only: a creator's
 * token gets 403; another brand's deal answers 404, like one that does not exist.
 */
@ApiTags('brand')
@ApiExtraModels(ErrorResponseDto)
@Controller('brand/deals')
@Roles('brand')
@UseFilters(new DealsErrorFilter())
export class BrandDealsController {
  constructor(private readonly brandDeals: BrandDeals) {}

  @OwnRead(undefined, {
    summary: 'The deals creators sent to my number',
    description: "Newest sent first (at most 100), every state but the creators' drafts.",
    type: BrandDealListDto,
  })
  async listBrandDeals(@AuthorizedBrandOf() brand: AuthorizedBrand): Promise<BrandDealListDto> {
    return BrandDealListDto.of(await this.brandDeals.list(contactOf(brand)));
  }

  @Post(':dealId/review-link')
  // Each call stores a token: bounded per client like the review operations it feeds.
  @RateLimited('personal-page')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @NoStore()
  @operation(
    'A fresh review link token for one of my deals',
    'A token like the e-mailed link (purpose deal-review, this version of the deal), minted for ' +
      "this brand account, valid for an hour and never past the deal's own expiry: the review " +
      "page's calls (deal-review/*) take it to open, accept, ask for changes or decline. Once the " +
      "deal is accepted it opens the deal's money, only for the account that accepted it: a deal " +
      'accepted through the e-mailed link answers 403 NOT_THE_DEALS_BRAND (claim it first).',
  )
  @ApiParam({
    name: 'dealId',
    schema: { type: 'string', maxLength: 64 },
    description: "The deal's id. Another brand's deal answers 404, like one that does not exist.",
  })
  @ApiOkResponse({ type: WorkspaceReviewLinkDto })
  @Throws(DEALS_ERROR_STATUSES, DealNotFoundError, NotTheDealsBrandError)
  @UNAVAILABLE
  async createBrandReviewLink(
    @Param('dealId') dealId: string,
    @AuthorizedBrandOf() brand: AuthorizedBrand,
  ): Promise<WorkspaceReviewLinkDto> {
    return WorkspaceReviewLinkDto.of(
      await this.brandDeals.reviewLink(workspaceBrandOf(brand), dealId),
    );
  }
}
