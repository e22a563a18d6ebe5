import type { z } from 'zod';
import type {
  ModuleSettings,
  SettingsContext,
} from '../common/infrastructure/settings/module-settings.js';

/** Thrown by parseConfig with one human-readable line per problem, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export type Environment = Readonly<Record<string, string | undefined>>;
type AnyModuleSettings = ModuleSettings<z.ZodObject, unknown>;
type ValuesOf<Modules extends Record<string, AnyModuleSettings>> = {
  [Name in keyof Modules]: z.output<Modules[Name]['variables']>;
};
type SettingsOf<Modules extends Record<string, AnyModuleSettings>> = {
  [Name in keyof Modules]: ReturnType<Modules[Name]['settings']>;
};

/** Empty variables count as unset, so `PORT=` in a .env file falls back to the default. */
function withoutEmptyValues(env: Environment): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/**
 * Every module's settings read from one environment, in one pass: first each module's variables
 * (every invalid value of every module reported together), then what each module finds wrong
 * between its values or against production (again all together), and only then the settings.
 * Problems come in the modules' order; nothing is half-read when any module has one.
 */
export function readSettings<Modules extends Record<string, AnyModuleSettings>>(
  modules: Modules,
  env: Environment,
  contextOf: (values: ValuesOf<Modules>) => SettingsContext,
): SettingsOf<Modules> {
  const given = withoutEmptyValues(env);
  const invalid: string[] = [];
  const parsed: [string, AnyModuleSettings, Record<string, unknown>][] = [];
  for (const [name, module] of Object.entries(modules)) {
    const result = module.variables.safeParse(given);
    if (result.success) parsed.push([name, module, result.data]);
    else
      invalid.push(
        ...result.error.issues.map(({ path, message }) => `${path.join('.')} ${message}`),
      );
  }
  if (invalid.length > 0) throw new ConfigError(invalid);
  const context = contextOf(
    Object.fromEntries(parsed.map(([name, , values]) => [name, values])) as ValuesOf<Modules>,
  );
  const problems = parsed.flatMap(([, module, values]) => module.problems?.(values, context) ?? []);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.fromEntries(
    parsed.map(([name, module, values]) => [name, module.settings(values, context)]),
  ) as SettingsOf<Modules>;
}

/** The variables the modules read, in their order (the docs and the container files list them). */
export function variableNames(modules: Record<string, AnyModuleSettings>): string[] {
  return Object.values(modules).flatMap((module) => Object.keys(module.variables.shape));
}
