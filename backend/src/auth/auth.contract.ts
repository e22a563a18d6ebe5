/** Auth's contract face: who is calling (the access token's claims, the authorised user). */
export type { AccessTokenClaims } from './application/ports/access-tokens.js';
export type { AuthorizedUser } from './application/authorize-roles.use-case.js';
