/** The brands module's wiring face; the contract (ports, types) is brands.contract.ts. */
export { BrandsModule } from './brands.module.js';
export { BrandDealInvitations } from './brands.contract.js';
