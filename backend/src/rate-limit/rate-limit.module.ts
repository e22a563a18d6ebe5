import { type ExecutionContext, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { CountHit } from './application/count-hit.use-case.js';
import { HitSlots } from './application/ports/hit-slots.js';
import { HitSlotRecord, HitSlotSchema, MongoHitSlots } from './infrastructure/mongo-hit-slots.js';
import { RateLimitGuard } from './presentation/rate-limit.guard.js';
import { SharedThrottlerStorage } from './presentation/shared-throttler-storage.js';
import { RATE_LIMITED_MESSAGE, type RateLimitGroup } from './rate-limit.contract.js';
import { RATE_LIMIT_GROUP } from './rate-limit.decorator.js';
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
    // One budget per group and client: the default key also names the controller and handler.
    generateKey: (_context, tracker, throttlerName) => `${throttlerName}:${tracker}`,
  };
}

/**
 * The counters every instance shares, in the database (ADR 0014). Besides the per-route
 * throttlers, features import it for their own limits through CountHit (the brands' code limits
 * and the SMS budget, issue #25).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: HitSlotRecord.name, schema: HitSlotSchema }])],
  providers: [CountHit, SharedThrottlerStorage, { provide: HitSlots, useClass: MongoHitSlots }],
  exports: [SharedThrottlerStorage, CountHit],
})
export class RateLimitStorageModule {}

/**
 * Per-client (by IP, honouring TRUST_PROXY) rate limits for the endpoints marked @RateLimited,
 * counted in the database so that they hold across instances.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, SharedThrottlerStorage],
      useFactory: ({ rateLimits }: AppConfig, storage: SharedThrottlerStorage) => ({
        errorMessage: RATE_LIMITED_MESSAGE,
        storage,
        throttlers: [
          throttlerFor('waitlist', rateLimits.waitlistPerMinute),
          throttlerFor('auth', rateLimits.authPerMinute),
          throttlerFor('personal-page', rateLimits.personalPagePerMinute),
        ],
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}
