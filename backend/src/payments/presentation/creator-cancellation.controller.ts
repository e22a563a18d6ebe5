import {
  Body,
  Controller,
  Delete,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UseFilters,
} from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
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
  DealNotFoundError,
} from '../../deals/deals.contract.js';
import {
  type CancellationCaller,
  DealCancellations,
} from '../application/deal-cancellations.use-cases.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { BAD_INPUT, TOO_LARGE, UNAVAILABLE } from './payments.openapi.js';
import { CancellationRequestDto } from './dto/payment-request.dto.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';

const DEAL_ID = ApiParam({
  name: 'dealId',
  schema: { type: 'string', maxLength: 64 },
  description: "The deal's id. Another creator's deal answers 404, like one that does not exist.",
});

/** What the creator's four moves may answer besides the deal. */
const ANSWER_ERRORS = [
  DealNotFoundError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWrongPartyError,
  DealChangedConcurrentlyError,
] as const;

export const CANCELLATION_CONSEQUENCES =
  'Milestones already approved stay payable (their release goes on); funded milestones not yet approved are refunded to the brand automatically.';

/**
 * The creator's side of cancelling an accepted deal by agreement (contract clause 7): propose with
 * a reason, withdraw their own proposal, or agree to / decline the brand's. The brand is e-mailed
 * a proposal and an agreement.
 */
@ApiTags('payments')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deals/:dealId/cancellation')
@Roles('creator')
@UseFilters(new DomainErrorFilter(PAYMENTS_ERROR_STATUSES))
export class CreatorCancellationController {
  constructor(private readonly cancellations: DealCancellations) {}

  private caller(user: AuthorizedUser['user'], dealId: string): CancellationCaller {
    return { party: 'creator', creatorId: user.id, dealId };
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Propose to cancel an accepted deal',
    description: `The brand is e-mailed the proposal and may agree or decline. Refused while a milestone is submitted, sent back for changes or disputed (decide it first), or while a proposal is open. If the brand agrees: ${CANCELLATION_CONSEQUENCES}`,
  })
  @DEAL_ID
  @ApiOkResponse({ type: DealMoneyDto })
  @BAD_INPUT
  @Throws(
    PAYMENTS_ERROR_STATUSES,
    DealNotFoundError,
    CancellationNeedsAcceptedDealError,
    CancellationAlreadyProposedError,
    CancellationWorkInReviewError,
    DealChangedConcurrentlyError,
  )
  @TOO_LARGE
  @UNAVAILABLE
  async proposeCancellation(
    @Param('dealId') dealId: string,
    @Body() body: CancellationRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.cancellations.propose(this.caller(user, dealId), body.reason),
    );
  }

  @Delete()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Withdraw your proposal to cancel the deal' })
  @DEAL_ID
  @ApiOkResponse({ type: DealMoneyDto })
  @Throws(PAYMENTS_ERROR_STATUSES, ...ANSWER_ERRORS)
  @UNAVAILABLE
  async withdrawCancellation(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.withdraw(this.caller(user, dealId)));
  }

  @Post('agree')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Agree to the brand's proposal: the deal is cancelled",
    description: `${CANCELLATION_CONSEQUENCES} The brand is e-mailed. Of two racing answers exactly one wins; the other answers 409 DEAL_CHANGED_CONCURRENTLY.`,
  })
  @DEAL_ID
  @ApiOkResponse({ type: DealMoneyDto })
  @Throws(PAYMENTS_ERROR_STATUSES, ...ANSWER_ERRORS, CancellationWorkInReviewError)
  @UNAVAILABLE
  async agreeToCancellation(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.agree(this.caller(user, dealId)));
  }

  @Post('decline')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Decline the brand's proposal: the deal goes on" })
  @DEAL_ID
  @ApiOkResponse({ type: DealMoneyDto })
  @Throws(PAYMENTS_ERROR_STATUSES, ...ANSWER_ERRORS)
  @UNAVAILABLE
  async declineCancellation(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.decline(this.caller(user, dealId)));
  }
}
