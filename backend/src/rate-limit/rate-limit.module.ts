import { type ExecutionContext, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RATE_LIMIT_GROUP, type RateLimitGroup } from './rate-limit.decorator.js';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';
const ONE_MINUTE_MS = 60_000;
const reflector = new Reflector();

function groupOf(context: ExecutionContext): RateLimitGroup | undefined {
  return reflector.getAllAndOverride<RateLimitGroup | undefined>(RATE_LIMIT_GROUP, [
    context.getHandler(),
    context.getClass(),
  ]);
}

/** One throttler per group; each counts only the endpoints marked with its group. */
function throttlerFor(group: RateLimitGroup, limit: number): ThrottlerOptions {
  return {
    name: group,
    limit,
    ttl: ONE_MINUTE_MS,
    skipIf: (context) => groupOf(context) !== group,
  };
}

/**
 * Per-client (by IP, honouring TRUST_PROXY) rate limits for the endpoints marked @RateLimited.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: ({ rateLimits }: AppConfig) => ({
        errorMessage: RATE_LIMITED_MESSAGE,
        throttlers: [
          throttlerFor('waitlist', rateLimits.waitlistPerMinute),
          throttlerFor('auth', rateLimits.authPerMinute),
        ],
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
})
export class RateLimitModule {}
