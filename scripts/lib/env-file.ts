/**
 * `npm start` reads a `.env` at the repository root (git-ignored; `.env.example` lists what it may
 * hold): each variable it sets that the environment does not already set. Values from the
 * environment win; an empty value in the file counts as unset, as the backend treats it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** Answers the names it set (none when the file is missing). */
export function loadEnvFile(
  file: string,
  environment: Record<string, string | undefined> = process.env,
): string[] {
  if (!existsSync(file)) return [];
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (value === undefined || value.trim() === '' || environment[name] !== undefined) continue;
    environment[name] = value;
    set.push(name);
  }
  return set;
}
