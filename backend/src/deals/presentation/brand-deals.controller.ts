import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseFilters } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AuthorizedBrand, AuthorizedBrandOf, Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { ErrorResponseDto } from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { BrandDeals, mobileOf, type WorkspaceBrand } from '../application/brand-deals.use-case.js';
import type { BrandContact } from '../application/ports/deal.repository.js';
import { BrandPartyLinks } from '../application/brand-party-links.use-case.js';
import {
  DealChangedConcurrentlyError,
  DealLinkInvalidError,
  DealNotFoundError,
  DealTransitionRefusedError,
  NotTheDealsBrandError,
} from '../domain/deal.errors.js';
import { DEALS_ERROR_STATUSES } from './deals.error-statuses.js';
import { DealsErrorFilter } from './deals-error.filter.js';
import { badRequest, operation, OwnRead, UNAVAILABLE } from './deals.openapi.js';
import { ApiParam } from '@nestjs/swagger';
import {
  BrandDealListDto,
  ClaimedDealDto,
  DealClaimRequestDto,
  WorkspaceReviewLinkDto,
} from './dto/brand-deal.dto.js';

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
  constructor(
    private readonly brandDeals: BrandDeals,
    private readonly partyLinks: BrandPartyLinks,
  ) {}

  @OwnRead(undefined, {
    summary: 'The deals creators sent to my number',
    description: "Newest sent first (at most 100), every state but the creators' drafts.",
    type: BrandDealListDto,
  })
  async listBrandDeals(@AuthorizedBrandOf() brand: AuthorizedBrand): Promise<BrandDealListDto> {
    return BrandDealListDto.of(await this.brandDeals.list(workspaceBrandOf(brand)));
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

  @Post(':dealId/claim')
  @RateLimited('personal-page')
  @HttpCode(HttpStatus.ACCEPTED)
  @FromAppOriginOnly()
  @operation(
    'Ask to handle a deal accepted by e-mail from this workspace',
    'A claim link (valid 24 hours, single use) is e-mailed to the address the deal was accepted ' +
      "with, never shown here: opening it in this workspace moves the deal's money to this " +
      'account. At most one e-mail per deal and account every 10 minutes. A deal not yet ' +
      'accepted answers 409; one bound to another brand account, 403.',
  )
  @ApiParam({ name: 'dealId', schema: { type: 'string', maxLength: 64 } })
  @ApiAcceptedResponse({ description: 'The claim link is on its way to the accepting address' })
  @Throws(
    DEALS_ERROR_STATUSES,
    DealNotFoundError,
    DealTransitionRefusedError,
    NotTheDealsBrandError,
  )
  @UNAVAILABLE
  async requestDealClaim(
    @Param('dealId') dealId: string,
    @AuthorizedBrandOf() brand: AuthorizedBrand,
  ): Promise<void> {
    await this.partyLinks.requestClaim(workspaceBrandOf(brand), dealId);
  }

  @Post('claims')
  @RateLimited('personal-page')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @NoStore()
  @operation(
    'Open a claim link: the deal is now handled from this workspace',
    "The token of the claim link e-mailed to the deal's accepting address, opened while signed in " +
      "to the workspace that asked for it. The deal's brand party becomes this account (recorded " +
      'in its history); the e-mailed links lose their money rights. Single use; another ' +
      "account's link, a used or expired one, answers 404 DEAL_LINK_INVALID.",
  )
  @ApiOkResponse({ type: ClaimedDealDto })
  @badRequest({ token: 'token is not a valid claim link token' })
  @Throws(DEALS_ERROR_STATUSES, DealLinkInvalidError, DealChangedConcurrentlyError)
  @UNAVAILABLE
  async claimDeal(
    @Body() body: DealClaimRequestDto,
    @AuthorizedBrandOf() brand: AuthorizedBrand,
  ): Promise<ClaimedDealDto> {
    return ClaimedDealDto.of(await this.partyLinks.claim(workspaceBrandOf(brand), body.token));
  }
}
