import { Body, Controller, Delete, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { DealNotFoundError } from '../../deals/deals.contract.js';
import {
  type CancellationCaller,
  DealCancellations,
} from '../application/deal-cancellations.use-case.js';
import { CANCELLATION_ERRORS, PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { CreatorMoneyMove } from './payments.openapi.js';
import { CancellationRequestDto } from './dto/payment-request.dto.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';

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
  @ApiOperation({
    summary: 'Propose to cancel an accepted deal',
    description: `The brand is e-mailed the proposal and may agree or decline. Refused while a milestone is submitted, sent back for changes or disputed (decide it first), or while a proposal is open. At most DEAL_CANCELLATION_PROPOSALS_PER_DAY proposals a day, and none within DEAL_CANCELLATION_COOLDOWN_MINUTES of withdrawing one on the same deal (429 TOO_MANY_CANCELLATION_PROPOSALS or CANCELLATION_COOLDOWN, with Retry-After). If the brand agrees: ${CANCELLATION_CONSEQUENCES}`,
  })
  @CreatorMoneyMove({ body: true }, DealNotFoundError, ...CANCELLATION_ERRORS.propose)
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
  @ApiOperation({ summary: 'Withdraw your proposal to cancel the deal' })
  @CreatorMoneyMove({ body: false }, DealNotFoundError, ...CANCELLATION_ERRORS.answer)
  async withdrawCancellation(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.withdraw(this.caller(user, dealId)));
  }

  @Post('agree')
  @ApiOperation({
    summary: "Agree to the brand's proposal: the deal is cancelled",
    description: `${CANCELLATION_CONSEQUENCES} The brand is e-mailed. Of two racing answers exactly one wins; the other answers 409 DEAL_CHANGED_CONCURRENTLY.`,
  })
  @CreatorMoneyMove({ body: false }, DealNotFoundError, ...CANCELLATION_ERRORS.agree)
  async agreeToCancellation(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.agree(this.caller(user, dealId)));
  }

  @Post('decline')
  @ApiOperation({ summary: "Decline the brand's proposal: the deal goes on" })
  @CreatorMoneyMove({ body: false }, DealNotFoundError, ...CANCELLATION_ERRORS.answer)
  async declineCancellation(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.decline(this.caller(user, dealId)));
  }
}
