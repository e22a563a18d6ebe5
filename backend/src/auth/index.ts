/** Auth's wiring face: the Nest module, the guards and their decorators, and the contract. */
export * from './auth.contract.js';
export { AuthModule } from './auth.module.js';
export { AccessTokenClaimsOf, BearerAuthGuard } from './presentation/bearer-auth.guard.js';
export { AuthorizedUserOf, Roles, RolesGuard } from './presentation/roles.guard.js';
export { AuthCookies } from './presentation/auth-cookies.js';
export { SessionIssuer } from './application/session-issuer.js';
export { AuthSessionResponseDto, AuthUserDto } from './presentation/dto/auth-responses.dto.js';
export { SET_REFRESH_COOKIE } from './presentation/auth.openapi.js';
export { AuthorizedAccountOf, AuthorizedBrandOf } from './presentation/roles.guard.js';
export type { AuthorizedBrand } from './application/authorize-roles.use-case.js';
export { SignedInCaller } from './application/signed-in-caller.use-case.js';
export {
  RecentAuthenticationGuard,
  RequiresRecentAuthentication,
} from './presentation/recent-authentication.guard.js';
