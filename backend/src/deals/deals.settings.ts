import { z } from 'zod';
import { integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** Deals (#24). */
export interface DealsConfig {
  /** DEAL_LINK_TTL_DAYS: how long the brand's review link works after a deal is sent. */
  readonly linkTtlDays: number;
}

export const DEALS_SETTINGS = moduleSettings({
  variables: z.object({
    DEAL_LINK_TTL_DAYS: integerBetween(1, 90).default(14),
  }),
  settings: (values): DealsConfig => ({ linkTtlDays: values.DEAL_LINK_TTL_DAYS }),
});
