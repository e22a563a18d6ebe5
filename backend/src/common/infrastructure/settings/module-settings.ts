import type { z } from 'zod';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** What every module's settings may depend on beyond its own variables. */
export interface SettingsContext {
  readonly nodeEnv: NodeEnv;
}

/**
 * The environment variables one module reads, and how they become its typed settings. Each module
 * declares its own (`<module>/<module>.settings.ts`); app-settings.ts composes them at
 * start-up, in one pass that reports every module's problems together (docs/development.md).
 */
export interface ModuleSettings<Variables extends z.ZodObject, Settings> {
  /** Variable name → its zod parser, with its default and its message (`must be …`). */
  readonly variables: Variables;
  /**
   * What the parsed variables still get wrong together, or against production's requirements:
   * one line per problem, starting with the variable's name.
   */
  problems?(values: z.output<Variables>, context: SettingsContext): string[];
  /** The module's typed settings, once every module's variables are valid. */
  settings(values: z.output<Variables>, context: SettingsContext): Settings;
}

/** Declares a module's settings (an identity function: it only lets TypeScript infer the types). */
export function moduleSettings<Variables extends z.ZodObject, Settings>(
  definition: ModuleSettings<Variables, Settings>,
): ModuleSettings<Variables, Settings> {
  return definition;
}
