export { AuthModule } from './auth.module.js';
export type { AccessTokenClaims } from './application/ports/access-tokens.js';
export type { AuthorizedUser } from './application/authorize-roles.use-case.js';
export { AccessTokenClaimsOf, BearerAuthGuard } from './presentation/bearer-auth.guard.js';
export { AuthorizedUserOf, Roles, RolesGuard } from './presentation/roles.guard.js';
