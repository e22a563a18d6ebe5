/** Rate limiting's wiring face: the Nest module (the global guard), @RateLimited, and the contract. */
export * from './rate-limit.contract.js';
export { RateLimitModule, RateLimitStorageModule } from './rate-limit.module.js';
export { RATE_LIMITED, RateLimited } from './rate-limit.decorator.js';
