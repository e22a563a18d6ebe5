import { z } from 'zod';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** GET /metrics (Prometheus): off unless METRICS_TOKEN is set; then only with that bearer token. */
export interface MetricsConfig {
  readonly token: string | undefined;
}

const MIN_METRICS_TOKEN_LENGTH = 32;

export const METRICS_SETTINGS = moduleSettings({
  variables: z.object({
    /** Unset: no /metrics endpoint. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .regex(
        new RegExp(`^[\\x21-\\x7e]{${MIN_METRICS_TOKEN_LENGTH},}$`),
        `must be at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces`,
      )
      .optional(),
  }),
  settings: (values): MetricsConfig => ({ token: values.METRICS_TOKEN }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly metrics: MetricsConfig;
  }
}
