import type { ProcessSettings } from './process.settings.js';

/**
 * The validated, typed configuration every part of the backend reads instead of process.env.
 * config/ declares only the process's part; each module adds its own from its settings file
 * (`declare module '../config/app-config.js'` in `<module>/<module>.settings.ts`), and
 * app-settings.ts composes them at the top, so config/ imports no module (ADR 0057, 0062).
 */
export interface AppConfig extends Omit<ProcessSettings, 'corsOrigins'> {
  readonly corsOrigins: readonly string[];
}

export { ConfigError } from './compose-settings.js';
export type { HttpTimeouts, LogLevel } from './process.settings.js';
export { LOG_LEVELS } from './process.settings.js';
export type { NodeEnv } from '../common/infrastructure/settings/module-settings.js';
export { NODE_ENVS } from '../common/infrastructure/settings/module-settings.js';
