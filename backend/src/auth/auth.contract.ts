/**
 * The auth module's contract face: types other features' application code may use (no Nest,
 * no Mongoose). The Nest wiring — module, guards, decorators — is in index.ts.
 */
export type { IssuedRefreshToken, IssuedSession } from './application/session-issuer.js';
