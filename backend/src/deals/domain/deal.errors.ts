import {
  DomainError,
  describedError,
  InvalidFieldsError,
} from '../../common/domain/domain.error.js';

/** Another creator's deal, or no such deal: one answer, so that ids tell nothing. */
export class DealNotFoundError extends describedError('DEAL_NOT_FOUND', 'No such deal.') {}

/** Only a draft (or a deal the brand asked to change) can be edited. */
export class DealNotEditableError extends describedError(
  'DEAL_NOT_EDITABLE',
  'Only a draft can be edited. This deal has been sent, answered or closed.',
) {}

/** The action is not one the deal's current state allows (e.g. cancelling an accepted deal). */
export class DealTransitionRefusedError extends describedError(
  'DEAL_TRANSITION_REFUSED',
  'This deal is no longer in a state that allows this action. Reload it to see what changed.',
) {}

/**
 * Lost a race: the deal changed between reading it and writing the change (the brand accepted
 * while the creator cancelled). Exactly one of two racing transitions wins; the other gets this.
 */
export class DealChangedConcurrentlyError extends describedError(
  'DEAL_CHANGED_CONCURRENTLY',
  'This deal was changed at the same moment by someone else. Reload it to see what changed.',
) {}

/** The contract could not be produced: the deal stays a draft, nothing was sent. */
export class ContractRenderFailedError extends describedError(
  'CONTRACT_RENDER_FAILED',
  'The contract could not be produced, so the deal was not sent and stays a draft. Please try again.',
) {}

/** The brand link is not one we issued (unknown, tampered, truncated), or not for a deal review. */
export class DealLinkInvalidError extends describedError(
  'DEAL_LINK_INVALID',
  'This link is not valid. Open the link from the e-mail exactly as it was sent.',
) {}

/** The brand link's validity (DEAL_LINK_TTL_DAYS) ran out before the brand answered. */
export class DealLinkExpiredError extends describedError(
  'DEAL_LINK_EXPIRED',
  'This link has expired. Ask the creator to send the deal again.',
) {}

/**
 * The deal behind the link is no longer awaiting the brand: already accepted, declined, sent back
 * for changes, cancelled, or sent again as a newer version with a new link.
 */
export class DealLinkClosedError extends describedError(
  'DEAL_LINK_CLOSED',
  'This deal is no longer awaiting your answer: it was already answered, withdrawn or sent again with a new link.',
) {}

/** Input that breaks a deal rule: each field (a path such as `milestones.1.amountPaise`) with its message. */
export class InvalidDealError extends DomainError {
  static readonly CODE = 'VALIDATION_FAILED';
  static readonly MESSAGE = 'Validation failed';
  readonly code = 'VALIDATION_FAILED';

  constructor(readonly fieldErrors: Readonly<Record<string, string>>) {
    super('Validation failed');
  }
}

/** Sending a deal (or funding its milestone) needs the creator's verified payout profile. */
export class PayoutProfileNotVerifiedError extends describedError(
  'PAYOUT_PROFILE_NOT_VERIFIED',
  'Verify your payout profile (Wallet → Settings) first: brands pay into it, so a deal cannot be sent before it is verified.',
) {}

/** Cancelling by agreement (contract clause 7) is for accepted deals only. */
export class CancellationNeedsAcceptedDealError extends describedError(
  'CANCELLATION_NOT_ACCEPTED',
  'Only an accepted deal is cancelled by agreement. Before acceptance the creator can cancel a deal alone; a completed, declined or cancelled deal cannot be cancelled.',
) {}

/** One proposal at a time: the open one must be answered or withdrawn first. */
export class CancellationAlreadyProposedError extends describedError(
  'CANCELLATION_ALREADY_PROPOSED',
  'A cancellation is already proposed on this deal. Answer it, or withdraw it if it is yours, first.',
) {}

/** Delivered or contested work is decided before the deal can be cancelled. */
export class CancellationWorkInReviewError extends describedError(
  'CANCELLATION_WORK_IN_REVIEW',
  'A milestone is delivered, sent back for changes or disputed. Decide it first (approve it, ask for changes and get it back, or wait for the dispute to be decided), then cancel.',
) {}

/** There is no open proposal to answer or withdraw (it was withdrawn, declined or agreed). */
export class CancellationNotProposedError extends describedError(
  'CANCELLATION_NOT_PROPOSED',
  'No cancellation is proposed on this deal any more: it was withdrawn, declined or agreed meanwhile. Reload the deal to see what changed.',
) {}

/** Only the proposer withdraws; only the other party agrees or declines. */
export class CancellationWrongPartyError extends describedError(
  'CANCELLATION_WRONG_PARTY',
  'Only the party who proposed the cancellation can withdraw it, and only the other party can agree to it or decline it.',
) {}

/** A cancellation's reason that breaks its rule (answered 400 VALIDATION_FAILED on `reason`). */
export class InvalidCancellationReasonError extends InvalidFieldsError {
  readonly code = 'INVALID_CANCELLATION_REASON';

  constructor(message: string) {
    super({ reason: message }, `Invalid cancellation reason: ${message}`);
  }
}

/**
 * The link is valid for the deal but speaks for another party than the one that accepted it (the
 * other channel, or another brand account): only the accepting party acts on the deal's money.
 */
export class NotTheDealsBrandError extends describedError(
  'NOT_THE_DEALS_BRAND',
  "This link does not speak for the party that accepted this deal, so it cannot act on the deal's money. Use the link from the e-mail the deal was accepted with, or sign in to the brand workspace that accepted it.",
) {}

/** A money link of the accepting party whose lifetime ran out: a fresh one is one request away. */
export class DealMoneyLinkExpiredError extends describedError(
  'DEAL_MONEY_LINK_EXPIRED',
  'This link has expired. Ask for a fresh link: it is e-mailed to the address the deal was accepted with (or sign in to your brand workspace, if you accepted there).',
) {}

/** A creator cannot be the brand of its own deal: the contact e-mail is the creator's own. */
export class BrandContactIsCreatorError extends describedError(
  'BRAND_CONTACT_IS_CREATOR',
  "The brand's contact e-mail is your own account's address. Enter the brand's address: a deal is between you and someone else.",
) {}

/** The request carries the deal creator's own session: a creator never acts as its own brand. */
export class CreatorActingAsBrandError extends describedError(
  'CREATOR_CANNOT_ACT_AS_BRAND',
  "You are signed in as the creator of this deal, and a creator cannot act as its own deal's brand. The brand answers and pays from its own link or workspace.",
) {}
