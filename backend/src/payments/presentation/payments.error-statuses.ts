import { AccountErasedError } from '../../users/users.contract.js';
import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  CancellationAlreadyProposedError,
  CancellationCooldownError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWorkInReviewError,
  CancellationWrongPartyError,
  CreatorActingAsBrandError,
  DealChangedConcurrentlyError,
  DealLinkInvalidError,
  DealMoneyLinkExpiredError,
  DealNotFoundError,
  NotTheDealsBrandError,
  PayoutProfileNotVerifiedError,
  TooManyCancellationProposalsError,
} from '../../deals/deals.contract.js';
import {
  DisputeAnsweredError,
  DisputeNotFoundError,
  DisputeResolvedError,
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
  PaymentGatewayUnavailableError,
  RevisionRoundsUsedError,
  WebhookRejectedError,
} from '../domain/payment.errors.js';

/** The payments module's one table of domain errors → HTTP statuses (runtime and OpenAPI). */
export const PAYMENTS_ERROR_STATUSES = errorStatuses([
  [MilestoneNotFoundError, HttpStatus.NOT_FOUND],
  // A party's account was erased before this move could pre-empt it (AccountErasureGate).
  [AccountErasedError, HttpStatus.CONFLICT],
  // The brand's token (the deals' one rule for an accepted deal's money, BrandMoneyLinks).
  [DealLinkInvalidError, HttpStatus.NOT_FOUND],
  [NotTheDealsBrandError, HttpStatus.FORBIDDEN],
  [CreatorActingAsBrandError, HttpStatus.FORBIDDEN],
  [DealMoneyLinkExpiredError, HttpStatus.GONE],
  [DisputeNotFoundError, HttpStatus.NOT_FOUND],
  [MilestoneTransitionRefusedError, HttpStatus.CONFLICT],
  [RevisionRoundsUsedError, HttpStatus.CONFLICT],
  [DisputeResolvedError, HttpStatus.CONFLICT],
  [DisputeAnsweredError, HttpStatus.CONFLICT],
  [PayoutProfileNotVerifiedError, HttpStatus.CONFLICT],
  [PaymentGatewayUnavailableError, HttpStatus.SERVICE_UNAVAILABLE],
  [WebhookRejectedError, HttpStatus.BAD_REQUEST],
  // Cancelling an accepted deal by agreement (deals' domain, moved here beside the refunds).
  [DealNotFoundError, HttpStatus.NOT_FOUND],
  [CancellationNeedsAcceptedDealError, HttpStatus.CONFLICT],
  [CancellationAlreadyProposedError, HttpStatus.CONFLICT],
  [CancellationWorkInReviewError, HttpStatus.CONFLICT],
  [CancellationNotProposedError, HttpStatus.CONFLICT],
  [CancellationWrongPartyError, HttpStatus.CONFLICT],
  [DealChangedConcurrentlyError, HttpStatus.CONFLICT],
  // The proposals' limits (#36): Retry-After from the error (RetryLater), set by the filter.
  [CancellationCooldownError, HttpStatus.TOO_MANY_REQUESTS],
  [TooManyCancellationProposalsError, HttpStatus.TOO_MANY_REQUESTS],
]);

/**
 * What a brand's token may be refused for on an accepted deal's money: not a link of its current
 * version (404), a link of another party than the one that accepted, or a request carrying the
 * deal creator's own session (403), or the accepting
 * party's link past its lifetime (410: ask for a fresh one).
 */
export const BRAND_LINK_ERRORS = [
  DealLinkInvalidError,
  NotTheDealsBrandError,
  CreatorActingAsBrandError,
  DealMoneyLinkExpiredError,
] as const;

/** What answering a proposal to cancel (withdrawing, agreeing, declining) may refuse. */
const ANSWER_CANCELLATION_ERRORS = [
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWrongPartyError,
  DealChangedConcurrentlyError,
] as const;

/**
 * What the cancellation moves may refuse, whichever party moves (each adds how its deal is not
 * found: the creator's deal id, the brand's link). Agreeing is also refused while work is in review.
 */
export const CANCELLATION_ERRORS = {
  propose: [
    CancellationNeedsAcceptedDealError,
    CancellationAlreadyProposedError,
    CancellationWorkInReviewError,
    DealChangedConcurrentlyError,
    CancellationCooldownError,
    TooManyCancellationProposalsError,
  ],
  answer: ANSWER_CANCELLATION_ERRORS,
  agree: [...ANSWER_CANCELLATION_ERRORS, CancellationWorkInReviewError],
} as const;
