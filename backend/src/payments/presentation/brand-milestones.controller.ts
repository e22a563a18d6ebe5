import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Post,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import {
  DealChangedConcurrentlyError,
  PayoutProfileNotVerifiedError,
} from '../../deals/deals.contract.js';
import { NotTheDealsCreatorGuard } from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { MilestoneActions } from '../application/milestone-actions.use-case.js';
import {
  DisputeAnsweredError,
  DisputeResolvedError,
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
  PaymentGatewayUnavailableError,
  RevisionRoundsUsedError,
} from '../domain/payment.errors.js';
import { BRAND_LINK_ERRORS, PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { BAD_INPUT, BrandMoneyMove, RATE_LIMITED, TOO_LARGE } from './payments.openapi.js';
import {
  BrandChangesRequestDto,
  BrandDisputeAnswerRequestDto,
  BrandDisputeRequestDto,
  BrandMilestoneRequestDto,
  BrandMoneyRequestDto,
} from './dto/payment-request.dto.js';
import { CheckoutFormDto, DealMoneyDto } from './dto/payment-response.dto.js';

/**
 * What a move on a milestone by the link may refuse: a dead link, no milestone, a refused move,
 * or other moves on the deal that kept winning until the deadline (retryable, Retry-After: 1).
 */
const MOVE_ERRORS = [
  ...BRAND_LINK_ERRORS,
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
  DealChangedConcurrentlyError,
] as const;

/**
 * The brand's side of an accepted deal's money, by the review link's token in the body (no
 * account): the milestones, funding one through the gateway's checkout, approving, asking for
 * changes, disputing. The token opens only its own deal, and only if it is a live link of the
 * party that accepted the deal (ADR 0061); amounts are always the server's.
 */
@ApiTags('deal-review')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deal-review/milestones')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DomainErrorFilter(PAYMENTS_ERROR_STATUSES))
@UseGuards(NotTheDealsCreatorGuard)
export class BrandMilestonesController {
  constructor(private readonly actions: MilestoneActions) {}

  @Post()
  @NoStore()
  @ApiOperation({ summary: "An accepted deal's milestones and their money, by the brand's link" })
  @BrandMoneyMove(...BRAND_LINK_ERRORS)
  async brandMilestones(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.actions.brandDeal(body.token));
  }

  @Post('funding')
  @HttpCode(HttpStatus.OK)
  @NoStore()
  @ApiOperation({
    summary: 'Fund a pending milestone: the checkout form',
    description:
      "The page builds a form from the answer and submits it (the gateway's hosted checkout). The amount is the milestone's, never the client's; the money is held by the gateway (payment secured with Razorpay) until the milestone is approved. The milestone becomes funded only from the gateway's verified report.",
  })
  @ApiOkResponse({ type: CheckoutFormDto })
  @BAD_INPUT
  @Throws(
    PAYMENTS_ERROR_STATUSES,
    ...MOVE_ERRORS,
    PayoutProfileNotVerifiedError,
    PaymentGatewayUnavailableError,
  )
  @RATE_LIMITED
  @TOO_LARGE
  async fundMilestone(@Body() body: BrandMilestoneRequestDto): Promise<CheckoutFormDto> {
    return CheckoutFormDto.of(await this.actions.fund(body.token, body.milestoneId));
  }

  @Post('approve')
  @ApiOperation({
    summary: 'Approve a submitted milestone',
    description:
      "Releases the hold on the creator's transfer (retried until the gateway confirms).",
  })
  @BrandMoneyMove(...MOVE_ERRORS)
  async approveMilestone(@Body() body: BrandMilestoneRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.actions.approve(body.token, body.milestoneId));
  }

  @Post('request-changes')
  @ApiOperation({
    summary: 'Ask for changes to a submitted milestone',
    description: "At most the contract's revision rounds (409 REVISION_ROUNDS_USED after).",
  })
  @BrandMoneyMove(...MOVE_ERRORS, RevisionRoundsUsedError)
  async requestMilestoneChanges(@Body() body: BrandChangesRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.actions.requestChanges(body.token, body.milestoneId, body.note.trim()),
    );
  }

  @Post('dispute')
  @ApiOperation({
    summary: 'Dispute a funded or submitted milestone',
    description: 'Freezes the milestone until an admin decides to release or refund it.',
  })
  @BrandMoneyMove(...MOVE_ERRORS)
  async disputeMilestoneAsBrand(@Body() body: BrandDisputeRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.actions.brandDispute(body.token, body.milestoneId, body.reason.trim()),
    );
  }

  @Post('dispute-answer')
  @ApiOperation({
    summary: "Answer the creator's dispute of a milestone",
    description:
      'Once, before an admin decides it: the note is shown to the admin beside the reason. The milestone stays frozen. 409 DISPUTE_ALREADY_ANSWERED or DISPUTE_ALREADY_RESOLVED when too late; MILESTONE_TRANSITION_REFUSED for a dispute the brand opened itself.',
  })
  @BrandMoneyMove(...MOVE_ERRORS, DisputeAnsweredError, DisputeResolvedError)
  async answerMilestoneDisputeAsBrand(
    @Body() body: BrandDisputeAnswerRequestDto,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.actions.brandAnswerDispute(body.token, body.milestoneId, body.note.trim()),
    );
  }
}
