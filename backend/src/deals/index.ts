/** The deals' wiring face: the Nest module (see deals.contract.ts for the domain face). */
export { DealsModule } from './deals.module.js';
export { NotTheDealsCreatorGuard } from './presentation/not-the-deals-creator.guard.js';
/** The deals' write log on a connection of its own (another feature's command-line rebuild). */
export { dealWriteLogOn } from './infrastructure/mongo-deal-write-log.js';
/** One stored deal on a connection of its own (the brand books' command-line rebuild). */
export { storedDealOn } from './infrastructure/stored-deal-on.js';
/** DTOs the money screens show as the deal screens do (the same JSON). */
export {
  AgreedCancellationDto,
  CancellationProperty,
  CancellationProposalDto,
  cancellationStateOf,
} from './presentation/dto/cancellation.dto.js';
export { DisputeAnswerDto, MilestoneDto } from './presentation/dto/milestone.dto.js';
/** The deal routes' OpenAPI vocabulary, which the money routes (payments, invoices, wallet) share. */
export {
  BAD_TOKEN,
  badRequest,
  DEAL_ID_PARAM,
  operation,
  OwnRead,
  RATE_LIMITED,
  ReviewLinkCall,
  TOO_LARGE,
  UNAVAILABLE,
} from './presentation/deals.openapi.js';
