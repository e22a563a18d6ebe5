/** The deals' wiring face: the Nest module (see deals.contract.ts for the domain face). */
export { DealsModule } from './deals.module.js';
export { NotTheDealsCreatorGuard } from './presentation/not-the-deals-creator.guard.js';
/** DTOs the money screens show as the deal screens do (the same JSON). */
export {
  AgreedCancellationDto,
  CancellationProposalDto,
  MilestoneDto,
} from './presentation/dto/deal-response.dto.js';
