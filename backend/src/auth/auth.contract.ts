/**
 * Auth's contract face: who is calling (the access token's claims, the authorised account) and
 * the issued session types other features' application code may use (no Nest, no Mongoose). The
 * Nest wiring — module, guards, decorators — is in index.ts.
 */
export type { AccessTokenClaims } from './application/ports/access-tokens.js';
export type {
  AuthorizedAccount,
  AuthorizedBrand,
  AuthorizedUser,
} from './application/authorize-roles.use-case.js';
export type { IssuedRefreshToken, IssuedSession } from './application/session-issuer.js';
export {
  ListAccountSessions,
  type ListedSession,
} from './application/account-sessions.use-case.js';
export { RecordRecentAuthentication } from './application/recent-authentication.use-case.js';
export {
  ReauthenticationNotValidError,
  type ReauthenticationMethod,
} from './domain/recent-authentication.js';
export { EndAccountSessions } from './application/end-account-sessions.use-case.js';
