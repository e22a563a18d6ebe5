/** Compose's variable interpolation, for the forms docker-compose.yml uses. */
import { parseEnv } from 'node:util';

const VARIABLE = /\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g;

export class MissingVariableError extends Error {}

/** Replaces ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message}, ${NAME?message}. */
export function interpolate(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(
    VARIABLE,
    (
      _match: string,
      name: string,
      colon: string | undefined,
      operator: string | undefined,
      operand: string | undefined,
    ): string => {
      const value = variables[name];
      const unset = value === undefined || (colon === ':' && value === '');
      if (!unset) return value;
      if (operator === '?') throw new MissingVariableError(`${name}: ${operand ?? ''}`);
      return operator === '-' ? (operand ?? '') : '';
    },
  );
}

/** Every string of a parsed compose document, interpolated. */
export function interpolateDocument(
  value: unknown,
  variables: Readonly<Record<string, string>>,
): unknown {
  if (typeof value === 'string') return interpolate(value, variables);
  if (Array.isArray(value)) return value.map((item) => interpolateDocument(item, variables));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateDocument(item, variables)]),
    );
  }
  return value;
}

export function referencedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1] ?? ''))];
}

export function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parseEnv(text)).map(([name, value]) => [name, value ?? '']),
  );
}
