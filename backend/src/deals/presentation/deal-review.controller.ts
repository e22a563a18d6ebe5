import {
  Body,
  Controller,
  Post,
  Req,
  type StreamableFile,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { pdfDownload } from '../../common/presentation/pdf-download.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { BrandPartyLinks } from '../application/brand-party-links.use-case.js';
import { BrandReviews } from '../application/brand-review.use-case.js';
import {
  CreatorActingAsBrandError,
  DealChangedConcurrentlyError,
  DealLinkClosedError,
  DealLinkExpiredError,
  DealLinkInvalidError,
  DealTransitionRefusedError,
} from '../domain/deal.errors.js';
import { originOf } from './deals.controller.js';
import { NotTheDealsCreatorGuard } from './not-the-deals-creator.guard.js';
import { DEALS_ERROR_STATUSES } from './deals.error-statuses.js';
import { DealsErrorFilter } from './deals-error.filter.js';
import { BAD_TOKEN, badRequest, operation, PDF_RESPONSE, ReviewLinkCall } from './deals.openapi.js';
import {
  AcceptDealRequestDto,
  BrandLinkRequestDto,
  DeclineDealRequestDto,
  RequestChangesRequestDto,
} from './dto/deal-request.dto.js';
import { BrandDecisionDto, BrandReviewDto } from './dto/brand-review.dto.js';
import { FreshLinkAnswerDto } from './dto/brand-deal.dto.js';

const LINK_ERRORS = [DealLinkInvalidError, DealLinkExpiredError, DealLinkClosedError] as const;
/** What the brand's answers (accept, ask for changes, decline) may refuse. */
const ANSWER_ERRORS = [
  ...LINK_ERRORS,
  DealTransitionRefusedError,
  DealChangedConcurrentlyError,
] as const;

/**
 * The brand's review of a deal, without an account. Every call carries the e-mailed link's token
 * in its JSON body (never in the path or query, which request logs keep); a token opens only the
 * deal version it was issued for, and only while that version awaits the brand.
 */
@ApiTags('deal-review')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deal-review')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DealsErrorFilter())
export class DealReviewController {
  constructor(
    private readonly reviews: BrandReviews,
    private readonly partyLinks: BrandPartyLinks,
  ) {}

  @Post('open')
  @NoStore()
  @operation(
    "The deal and its contract, by the brand's review link",
    'No account: the token of the e-mailed link, in the body.',
  )
  @ApiOkResponse({ type: BrandReviewDto })
  @ReviewLinkCall(BAD_TOKEN, DEALS_ERROR_STATUSES, ...LINK_ERRORS)
  async openDealReview(@Body() body: BrandLinkRequestDto): Promise<BrandReviewDto> {
    return BrandReviewDto.of(await this.reviews.open(body.token));
  }

  @Post('contract.pdf')
  @NoStore()
  @operation("The exact contract PDF under review, by the brand's review link")
  @PDF_RESPONSE
  @ReviewLinkCall(BAD_TOKEN, DEALS_ERROR_STATUSES, ...LINK_ERRORS)
  async downloadReviewedContract(@Body() body: BrandLinkRequestDto): Promise<StreamableFile> {
    const { deal, contract } = await this.reviews.open(body.token);
    return pdfDownload(contract.pdf, `paylock-contract-${deal.id}-v${String(deal.version)}.pdf`);
  }

  @Post('accept')
  @UseGuards(NotTheDealsCreatorGuard)
  @operation(
    'Accept the deal (click-wrap signature)',
    "Records the typed full name, the time, IP address, user agent and the contract PDF's SHA-256. Both parties are then e-mailed the signed PDF, whose last page is the audit trail. The brand's GSTIN and billing address, if given, are stored with the acceptance (one write) and go on the creator's invoices.",
  )
  @ApiOkResponse({ type: BrandDecisionDto })
  @ReviewLinkCall(
    badRequest({
      agreed: 'agreed must be true: tick "I agree to the contract above"',
      gstin: 'gstin must be a valid 15-character GSTIN (check character included)',
    }),
    DEALS_ERROR_STATUSES,
    ...ANSWER_ERRORS,
    CreatorActingAsBrandError,
  )
  async acceptDeal(
    @Body() body: AcceptDealRequestDto,
    @Req() request: Request,
  ): Promise<BrandDecisionDto> {
    return BrandDecisionDto.of(
      await this.reviews.accept(body.token, body.fullName.trim(), originOf(request), {
        gstin: body.gstin,
        billingAddress: body.billingAddress,
      }),
    );
  }

  @Post('request-changes')
  @operation('Send the deal back to the creator with a comment')
  @ApiOkResponse({ type: BrandDecisionDto })
  @ReviewLinkCall(
    badRequest({ comment: 'comment is required' }),
    DEALS_ERROR_STATUSES,
    ...ANSWER_ERRORS,
  )
  async requestDealChanges(@Body() body: RequestChangesRequestDto): Promise<BrandDecisionDto> {
    return BrandDecisionDto.of(await this.reviews.requestChanges(body.token, body.comment.trim()));
  }

  @Post('fresh-link')
  @NoStore()
  @operation(
    "A fresh link to an accepted deal's payments, through the channel it was accepted with",
    'Takes any link of the deal (an expired one too). For a deal accepted through an e-mailed ' +
      'link, a new money link (valid 30 days) is e-mailed to the address the deal was accepted ' +
      'with, never to the caller, at most once per deal every 10 minutes; the answer is the same ' +
      'whether or not anything was sent (next: check-email). For a deal accepted from a brand ' +
      'workspace the answer is next: sign-in (its money is reached by signing in there).',
  )
  @ApiOkResponse({ type: FreshLinkAnswerDto })
  @ReviewLinkCall(BAD_TOKEN, DEALS_ERROR_STATUSES)
  async requestFreshDealLink(@Body() body: BrandLinkRequestDto): Promise<FreshLinkAnswerDto> {
    return FreshLinkAnswerDto.of(await this.partyLinks.requestFreshLink(body.token));
  }

  @Post('decline')
  @operation('Decline the deal, optionally with a reason')
  @ApiOkResponse({ type: BrandDecisionDto })
  @ReviewLinkCall(BAD_TOKEN, DEALS_ERROR_STATUSES, ...ANSWER_ERRORS)
  async declineDeal(@Body() body: DeclineDealRequestDto): Promise<BrandDecisionDto> {
    return BrandDecisionDto.of(await this.reviews.decline(body.token, body.reason?.trim()));
  }
}
