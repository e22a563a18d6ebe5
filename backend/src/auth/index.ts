export { AuthModule } from './auth.module.js';
export type { AccessTokenClaims } from './application/ports/access-tokens.js';
export { AccessTokenClaimsOf, BearerAuthGuard } from './presentation/bearer-auth.guard.js';
