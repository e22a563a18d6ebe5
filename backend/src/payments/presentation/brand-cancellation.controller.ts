import { Body, Controller, HttpCode, HttpStatus, Post, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import {
  CancellationAlreadyProposedError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWorkInReviewError,
  CancellationWrongPartyError,
  DealChangedConcurrentlyError,
} from '../../deals/deals.contract.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { DealCancellations } from '../application/deal-cancellations.use-cases.js';
import { PaymentLinkInvalidError } from '../domain/payment.errors.js';
import { CANCELLATION_CONSEQUENCES } from './creator-cancellation.controller.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { BAD_INPUT, RATE_LIMITED, TOO_LARGE, UNAVAILABLE } from './payments.openapi.js';
import { BrandCancellationRequestDto, BrandMoneyRequestDto } from './dto/payment-request.dto.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';

const ANSWER_ERRORS = [
  PaymentLinkInvalidError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWrongPartyError,
  DealChangedConcurrentlyError,
] as const;

/**
 * The brand's side of cancelling an accepted deal by agreement (contract clause 7), by the review
 * link's token in the body (no account), as the brand's other actions on the review page: propose
 * with a reason, withdraw its own proposal, or agree to / decline the creator's.
 */
@ApiTags('deal-review')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deal-review/cancellation')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DomainErrorFilter(PAYMENTS_ERROR_STATUSES))
export class BrandCancellationController {
  constructor(private readonly cancellations: DealCancellations) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Propose to cancel the accepted deal',
    description: `The creator is e-mailed the proposal and may agree or decline. Refused while a milestone is submitted, sent back for changes or disputed (decide it first), or while a proposal is open. If the creator agrees: ${CANCELLATION_CONSEQUENCES}`,
  })
  @ApiOkResponse({ type: DealMoneyDto })
  @BAD_INPUT
  @Throws(
    PAYMENTS_ERROR_STATUSES,
    PaymentLinkInvalidError,
    CancellationNeedsAcceptedDealError,
    CancellationAlreadyProposedError,
    CancellationWorkInReviewError,
    DealChangedConcurrentlyError,
  )
  @RATE_LIMITED
  @TOO_LARGE
  @UNAVAILABLE
  async brandProposeCancellation(@Body() body: BrandCancellationRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.cancellations.propose({ party: 'brand', token: body.token }, body.reason),
    );
  }

  @Post('withdraw')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Withdraw the brand's proposal to cancel the deal" })
  @ApiOkResponse({ type: DealMoneyDto })
  @BAD_INPUT
  @Throws(PAYMENTS_ERROR_STATUSES, ...ANSWER_ERRORS)
  @RATE_LIMITED
  @TOO_LARGE
  @UNAVAILABLE
  async brandWithdrawCancellation(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.cancellations.withdraw({ party: 'brand', token: body.token }),
    );
  }

  @Post('agree')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Agree to the creator's proposal: the deal is cancelled",
    description: `${CANCELLATION_CONSEQUENCES} The creator is e-mailed. Of two racing answers exactly one wins; the other answers 409 DEAL_CHANGED_CONCURRENTLY.`,
  })
  @ApiOkResponse({ type: DealMoneyDto })
  @BAD_INPUT
  @Throws(PAYMENTS_ERROR_STATUSES, ...ANSWER_ERRORS, CancellationWorkInReviewError)
  @RATE_LIMITED
  @TOO_LARGE
  @UNAVAILABLE
  async brandAgreeToCancellation(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.agree({ party: 'brand', token: body.token }));
  }

  @Post('decline')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Decline the creator's proposal: the deal goes on" })
  @ApiOkResponse({ type: DealMoneyDto })
  @BAD_INPUT
  @Throws(PAYMENTS_ERROR_STATUSES, ...ANSWER_ERRORS)
  @RATE_LIMITED
  @TOO_LARGE
  @UNAVAILABLE
  async brandDeclineCancellation(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.decline({ party: 'brand', token: body.token }));
  }
}
