import { z } from 'zod';
import { integerBetween, oneOf } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** invite: only an invite creates an account; open: any Google account may sign up. */
export const SIGNUP_MODES = ['invite', 'open'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** Early access by invitation (issue #15, ADR 0024). */
export interface InvitesConfig {
  /** How long an invite link works, from its latest sending. */
  readonly ttlDays: number;
  /** SIGNUP_MODE: `invite` by default in production, `open` in development and test. */
  readonly signupMode: SignupMode;
}

export const INVITES_SETTINGS = moduleSettings({
  variables: z.object({
    INVITE_TTL_DAYS: integerBetween(1, 365).default(14),
    /** Unset: `invite` in production, `open` elsewhere. */
    SIGNUP_MODE: oneOf(SIGNUP_MODES).optional(),
  }),
  settings: (values, { nodeEnv }): InvitesConfig => ({
    ttlDays: values.INVITE_TTL_DAYS,
    signupMode: values.SIGNUP_MODE ?? (nodeEnv === 'production' ? 'invite' : 'open'),
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly invites: InvitesConfig;
  }
}
