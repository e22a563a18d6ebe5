import { z } from 'zod';
import { integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';
import { type CreatorLimitValues, DEFAULT_CREATOR_LIMITS } from './domain/creator-limits.js';

/** Deals (#24). */
export interface DealsConfig {
  /** DEAL_LINK_TTL_DAYS: how long the brand's review link works after a deal is sent. */
  readonly linkTtlDays: number;
  /** What one creator may make Paylock mail (#36): DEAL_SENDS_PER_DAY and the others. */
  readonly creatorLimits: CreatorLimitValues;
}

const defaults = DEFAULT_CREATOR_LIMITS;

export const DEALS_SETTINGS = moduleSettings({
  variables: z.object({
    DEAL_LINK_TTL_DAYS: integerBetween(1, 90).default(14),
    DEAL_SENDS_PER_DAY: integerBetween(1, 10_000).default(defaults.sendsPerDay),
    DEAL_SENDS_PER_RECIPIENT_PER_DAY: integerBetween(1, 1_000).default(
      defaults.sendsPerRecipientPerDay,
    ),
    DEAL_CANCELLATION_PROPOSALS_PER_DAY: integerBetween(1, 1_000).default(
      defaults.cancellationProposalsPerDay,
    ),
    DEAL_CANCELLATION_COOLDOWN_MINUTES: integerBetween(0, 10_080).default(
      defaults.cancellationCooldownMinutes,
    ),
  }),
  settings: (values): DealsConfig => ({
    linkTtlDays: values.DEAL_LINK_TTL_DAYS,
    creatorLimits: {
      sendsPerDay: values.DEAL_SENDS_PER_DAY,
      sendsPerRecipientPerDay: values.DEAL_SENDS_PER_RECIPIENT_PER_DAY,
      cancellationProposalsPerDay: values.DEAL_CANCELLATION_PROPOSALS_PER_DAY,
      cancellationCooldownMinutes: values.DEAL_CANCELLATION_COOLDOWN_MINUTES,
    },
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly deals: DealsConfig;
  }
}
