import { Body, Controller, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NotTheDealsCreatorGuard } from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import {
  type CancellationCaller,
  DealCancellations,
} from '../application/deal-cancellations.use-case.js';
import { CANCELLATION_CONSEQUENCES } from './creator-cancellation.controller.js';
import {
  BRAND_LINK_ERRORS,
  CANCELLATION_ERRORS,
  PAYMENTS_ERROR_STATUSES,
} from './payments.error-statuses.js';
import { BrandMoneyMove } from './payments.openapi.js';
import { BrandCancellationRequestDto, BrandMoneyRequestDto } from './dto/payment-request.dto.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';

/** The brand is found by its review link's token. */
const brand = ({ token }: { readonly token: string }): CancellationCaller => ({
  party: 'brand',
  token,
});

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
@UseGuards(NotTheDealsCreatorGuard)
export class BrandCancellationController {
  constructor(private readonly cancellations: DealCancellations) {}

  @Post()
  @ApiOperation({
    summary: 'Propose to cancel the accepted deal',
    description: `The creator is e-mailed the proposal and may agree or decline. Refused while a milestone is submitted, sent back for changes or disputed (decide it first), or while a proposal is open. If the creator agrees: ${CANCELLATION_CONSEQUENCES}`,
  })
  @BrandMoneyMove(...BRAND_LINK_ERRORS, ...CANCELLATION_ERRORS.propose)
  async brandProposeCancellation(@Body() body: BrandCancellationRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.propose(brand(body), body.reason));
  }

  @Post('withdraw')
  @ApiOperation({ summary: "Withdraw the brand's proposal to cancel the deal" })
  @BrandMoneyMove(...BRAND_LINK_ERRORS, ...CANCELLATION_ERRORS.answer)
  async brandWithdrawCancellation(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.withdraw(brand(body)));
  }

  @Post('agree')
  @ApiOperation({
    summary: "Agree to the creator's proposal: the deal is cancelled",
    description: `${CANCELLATION_CONSEQUENCES} The creator is e-mailed. Of two racing answers exactly one wins; the other answers 409 DEAL_CHANGED_CONCURRENTLY.`,
  })
  @BrandMoneyMove(...BRAND_LINK_ERRORS, ...CANCELLATION_ERRORS.agree)
  async brandAgreeToCancellation(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.agree(brand(body)));
  }

  @Post('decline')
  @ApiOperation({ summary: "Decline the creator's proposal: the deal goes on" })
  @BrandMoneyMove(...BRAND_LINK_ERRORS, ...CANCELLATION_ERRORS.answer)
  async brandDeclineCancellation(@Body() body: BrandMoneyRequestDto): Promise<DealMoneyDto> {
    return DealMoneyDto.of(await this.cancellations.decline(brand(body)));
  }
}
