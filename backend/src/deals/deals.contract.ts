/**
 * The deals' contract face: what other features' domain and application code may use (pure TS,
 * nothing from Nest or Mongoose). The money issue builds on these.
 */
export {
  DEAL_STATES,
  DELIVERABLE_KINDS,
  type DeliverableKind,
  MILESTONE_STATES,
  PLATFORMS,
  type Platform,
  type Deal,
  type DealState,
  type HistoryEntry,
  type Milestone,
  type MilestoneState,
  type DealChange,
  brandAccountOf,
  currentContract,
  historyEntry,
  nextState,
  revise,
} from './domain/deal.js';
export {
  feeOf,
  MILESTONE_ACTIONS,
  type MilestoneAction,
  type MilestoneActor,
  type MilestoneDispute,
  type MilestoneFunding,
  type MilestoneSubmission,
  canMove,
  type GatewayCall,
  MILESTONE_TRANSITIONS,
  milestoneNextState,
  moneyStepOf,
  moveRefusal,
  type MoneyLedgerKind,
  type MoneyStep,
  stampsOf,
} from './domain/milestone.js';
export { allMilestonesSettled, moveMilestone } from './domain/milestone-move.js';
export {
  formatRupees,
  rupeesInWords,
  MAX_MILESTONE_PAISE,
  MIN_MILESTONE_PAISE,
} from './domain/money.js';
export {
  agreeCancellation,
  agreedCancellation,
  CANCELLATION_ACTIONS,
  CANCELLATION_REASON_LIMITS,
  type CancellationAction,
  type CancellationParty,
  type CancellationProposal,
  declineCancellation,
  IN_REVIEW_STATES,
  openCancellation,
  proposalBlocker,
  proposeCancellation,
  withdrawCancellation,
} from './domain/cancellation.js';
export { type DealTermsInput, indianToday, LIMITS as DEAL_LIMITS } from './domain/deal-terms.js';
export { checkDealText, type DealTextRule } from './domain/deal-text.js';
export type { BrandBilling } from './domain/brand-billing.js';
export {
  CancellationAlreadyProposedError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWorkInReviewError,
  CancellationWrongPartyError,
  CreatorActingAsBrandError,
  DealChangedConcurrentlyError,
  DealLinkInvalidError,
  DealMoneyLinkExpiredError,
  DealNotFoundError,
  InvalidCancellationReasonError,
  NotTheDealsBrandError,
  PayoutProfileNotVerifiedError,
} from './domain/deal.errors.js';
export {
  CancellationCooldownError,
  TooManyCancellationProposalsError,
} from './domain/creator-limits.js';
export { CreatorLimits } from './application/creator-limits.js';
export { DealMoves, DealReads } from './application/ports/deal-reads.js';
export { MoneyDealReads } from './application/ports/money-deal-reads.js';
export { DealDrafts, type DraftCreator } from './application/ports/deal-drafts.js';
export {
  BrandMoneyLinks,
  type BrandMoneyGrant,
  MAILED_MONEY_LINK_DAYS,
} from './application/brand-money-links.js';
export { actorOf as brandActorOf, type DealBrandParty } from './domain/brand-party.js';
export { UserDirectory } from './application/ports/user-directory.js';
export { dealUrlOf, reviewUrlOf } from './domain/deal-urls.js';
export { isNeverAcceptedOffer, type OfferFacts } from './domain/never-accepted.js';
export { DealErasure } from './application/ports/deal-erasure.js';
export {
  type DealWrite,
  DealWriteLog,
  type DealWritePage,
} from './application/ports/deal-write-log.js';
export {
  ContractDocuments,
  type StoredContractDocument,
} from './application/ports/contract-documents.js';
