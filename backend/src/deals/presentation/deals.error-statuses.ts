import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  BrandContactIsCreatorError,
  CreatorActingAsBrandError,
  ContractRenderFailedError,
  DealChangedConcurrentlyError,
  DealLinkClosedError,
  DealLinkExpiredError,
  DealLinkInvalidError,
  DealMoneyLinkExpiredError,
  DealNotEditableError,
  DealNotFoundError,
  DealTransitionRefusedError,
  InvalidDealError,
  NotTheDealsBrandError,
  PayoutProfileNotVerifiedError,
} from '../domain/deal.errors.js';
import {
  CancellationCooldownError,
  TooManyCancellationProposalsError,
  TooManyDealsSentError,
  TooManyDealsToRecipientError,
} from '../domain/creator-limits.js';
import { InvalidPageCursorError } from '../domain/page-cursor.errors.js';

/** The deals module's one table of domain errors → HTTP statuses (runtime and OpenAPI). */
export const DEALS_ERROR_STATUSES = errorStatuses([
  [InvalidDealError, HttpStatus.BAD_REQUEST],
  [InvalidPageCursorError, HttpStatus.BAD_REQUEST],
  [DealNotFoundError, HttpStatus.NOT_FOUND],
  [DealNotEditableError, HttpStatus.CONFLICT],
  [DealTransitionRefusedError, HttpStatus.CONFLICT],
  [DealChangedConcurrentlyError, HttpStatus.CONFLICT],
  [ContractRenderFailedError, HttpStatus.SERVICE_UNAVAILABLE],
  [DealLinkInvalidError, HttpStatus.NOT_FOUND],
  [DealLinkExpiredError, HttpStatus.GONE],
  [DealLinkClosedError, HttpStatus.CONFLICT],
  [PayoutProfileNotVerifiedError, HttpStatus.CONFLICT],
  // The creator's limits (#36): Retry-After from the error (RetryLater), set by the filter.
  [TooManyDealsSentError, HttpStatus.TOO_MANY_REQUESTS],
  [TooManyDealsToRecipientError, HttpStatus.TOO_MANY_REQUESTS],
  [TooManyCancellationProposalsError, HttpStatus.TOO_MANY_REQUESTS],
  [CancellationCooldownError, HttpStatus.TOO_MANY_REQUESTS],
  [BrandContactIsCreatorError, HttpStatus.CONFLICT],
  [NotTheDealsBrandError, HttpStatus.FORBIDDEN],
  [CreatorActingAsBrandError, HttpStatus.FORBIDDEN],
  [DealMoneyLinkExpiredError, HttpStatus.GONE],
]);
