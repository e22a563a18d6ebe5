import { SetMetadata } from '@nestjs/common';

/** The groups of endpoints with their own per-client budget (see AppConfig.rateLimits). */
export type RateLimitGroup = 'waitlist' | 'auth' | 'personal-page';

export const RATE_LIMIT_GROUP = 'paylock:rate-limit-group';

/**
 * Puts a controller or a handler under a group's per-client, per-minute budget; a client over
 * budget gets 429 RATE_LIMITED. Endpoints without it are not rate limited.
 */
export const RateLimited = (group: RateLimitGroup): ClassDecorator & MethodDecorator =>
  SetMetadata(RATE_LIMIT_GROUP, group);
