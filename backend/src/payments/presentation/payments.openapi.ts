import { applyDecorators, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { type DomainErrorClass, Throws } from '../../common/presentation/domain-error-statuses.js';
import {
  badRequest,
  DEAL_ID_PARAM,
  RATE_LIMITED,
  ReviewLinkCall,
  TOO_LARGE,
  UNAVAILABLE,
} from '../../deals/index.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';

export { RATE_LIMITED, TOO_LARGE, UNAVAILABLE };

export const BAD_INPUT = badRequest({ links: 'each link must be an https:// address' });

/**
 * A brand's move on an accepted deal's money, by the review link's token in the body: answers
 * the deal's money (see {@link ReviewLinkCall} for the rest).
 */
export const BrandMoneyMove = (...errors: DomainErrorClass[]) =>
  applyDecorators(
    ApiOkResponse({ type: DealMoneyDto }),
    ReviewLinkCall(BAD_INPUT, PAYMENTS_ERROR_STATUSES, ...errors),
  );

/**
 * A creator's move on their deal's money (`deals/:dealId/…`): answers 200 with the deal's money;
 * documents the deal's id, the move's `errors` and an unavailable database, and for a move with a
 * body, bad input and the size limit.
 */
export const CreatorMoneyMove = ({ body }: { body: boolean }, ...errors: DomainErrorClass[]) =>
  applyDecorators(
    HttpCode(HttpStatus.OK),
    DEAL_ID_PARAM,
    ApiOkResponse({ type: DealMoneyDto }),
    // The move's own errors first, as in ReviewLinkCall.
    Throws(PAYMENTS_ERROR_STATUSES, ...errors),
    ...(body ? [BAD_INPUT, TOO_LARGE] : []),
    UNAVAILABLE,
  );
