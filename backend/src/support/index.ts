/** Support's wiring face: its Nest module (its contract: support.contract.ts). */
export { SupportModule } from './support.module.js';
