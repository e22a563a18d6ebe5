/** The deals' wiring face: the Nest module (see deals.contract.ts for the domain face). */
export { DealsModule } from './deals.module.js';
export {
  AgreedCancellationDto,
  CancellationProposalDto,
} from './presentation/dto/deal-response.dto.js';
