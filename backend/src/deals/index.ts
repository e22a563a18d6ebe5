/** The deals' wiring face: the Nest module (see deals.contract.ts for the domain face). */
export { DealsModule } from './deals.module.js';
/** A deal's milestone as the API shows it (the money screens show the same JSON). */
export { MilestoneDto } from './presentation/dto/deal-response.dto.js';
