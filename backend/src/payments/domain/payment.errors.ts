import { describedError, InvalidFieldsError } from '../../common/domain/domain.error.js';
import type { RetryLater } from '../../common/domain/retry-later.js';
import { DealChangedConcurrentlyError } from '../../deals/deals.contract.js';

/** No such milestone on a deal the caller may see (another party's deal looks the same). */
export class MilestoneNotFoundError extends describedError(
  'MILESTONE_NOT_FOUND',
  'No such milestone.',
) {}

/** The milestone's state (or the deal's) does not allow this now. */
export class MilestoneTransitionRefusedError extends describedError(
  'MILESTONE_TRANSITION_REFUSED',
  'This milestone is no longer in a state that allows this action. Reload it to see what changed.',
) {}

/** The brand already asked for every round of changes the contract allows. */
export class RevisionRoundsUsedError extends describedError(
  'REVISION_ROUNDS_USED',
  'Every round of changes the contract allows has been used. Approve the milestone or open a dispute.',
) {}

/** The payment gateway did not answer (or refused for a reason of its own): nothing was recorded. */
export class PaymentGatewayUnavailableError extends describedError(
  'PAYMENT_GATEWAY_UNAVAILABLE',
  'The payment service is not reachable right now. Nothing was charged; please try again in a minute.',
) {}

export class DisputeNotFoundError extends describedError('DISPUTE_NOT_FOUND', 'No such dispute.') {}

/** The dispute was decided already. */
export class DisputeResolvedError extends describedError(
  'DISPUTE_ALREADY_RESOLVED',
  'This dispute has already been decided.',
) {}

/** The other side answered the dispute already (it answers once). */
export class DisputeAnsweredError extends describedError(
  'DISPUTE_ALREADY_ANSWERED',
  'This dispute has already been answered.',
) {}

/** A webhook whose signature, id or body is not valid, or whose event Paylock does not know. */
export class WebhookRejectedError extends describedError(
  'WEBHOOK_REJECTED',
  'The webhook was not accepted: bad signature, missing event id, or an unknown event.',
) {}

/** A text typed on a milestone (a dispute's reason, a change request) breaks the deal texts' rule. */
export class InvalidMilestoneTextError extends InvalidFieldsError {
  readonly code = 'VALIDATION_FAILED';

  constructor(field: string, message: string) {
    super({ [field]: message });
  }
}

/**
 * Other moves on the same deal kept winning until the move's deadline, while the milestone still
 * allows it: 409 DEAL_CHANGED_CONCURRENTLY, which the caller may simply send again.
 */
export class DealKeptChangingError extends DealChangedConcurrentlyError implements RetryLater {
  readonly retryAfterSeconds = 1;
}
