import { z } from 'zod';
import { integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** Requests per client per minute on each rate-limited group of endpoints. */
export interface RateLimits {
  readonly waitlistPerMinute: number;
  readonly authPerMinute: number;
  /** The personal page's calls made with its session (see, correct, download, erase). */
  readonly personalPagePerMinute: number;
  /**
   * "Already registered" answers of the join form per client per hour, bot (honeypot) submissions
   * counted with them: above it, every submission of that client is answered 202 "check your
   * e-mail", the same for free and taken details (#28, #36).
   */
  readonly waitlistAlreadyRegisteredPerHour: number;
}

export const RATE_LIMIT_SETTINGS = moduleSettings({
  variables: z.object({
    RATE_LIMIT_WAITLIST_PER_MINUTE: integerBetween(1, 1_000_000).default(10),
    RATE_LIMIT_AUTH_PER_MINUTE: integerBetween(1, 1_000_000).default(30),
    RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: integerBetween(1, 1_000_000).default(60),
    RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: integerBetween(1, 1_000_000).default(5),
  }),
  settings: (values): RateLimits => ({
    waitlistPerMinute: values.RATE_LIMIT_WAITLIST_PER_MINUTE,
    authPerMinute: values.RATE_LIMIT_AUTH_PER_MINUTE,
    personalPagePerMinute: values.RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE,
    waitlistAlreadyRegisteredPerHour: values.RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR,
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly rateLimits: RateLimits;
  }
}
