/**
 * Rate limiting's contract face: the groups of endpoints with their own per-client budget (see
 * AppConfig.rateLimits) and what a client over budget is told. The guard, the decorator and the
 * Nest module are in index.ts.
 */
export type RateLimitGroup = 'waitlist' | 'auth' | 'personal-page';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';
export { CountHit } from './application/count-hit.use-case.js';
