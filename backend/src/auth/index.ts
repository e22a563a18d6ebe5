/** Auth's wiring face: the Nest module, the guards and their decorators, and the contract. */
export * from './auth.contract.js';
export { AuthModule } from './auth.module.js';
export { AccessTokenClaimsOf, BearerAuthGuard } from './presentation/bearer-auth.guard.js';
export { AuthorizedUserOf, Roles, RolesGuard } from './presentation/roles.guard.js';
