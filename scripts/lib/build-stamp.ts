/**
 * "Rebuilt only when sources changed": a SHA-256 over the inputs of a build (file paths and
 * contents, the lock file, the environment variables the build reads), written next to its output
 * once the build succeeded. A build whose output folder is emptied (by another build of it, e.g.
 * `npm test`'s) loses its stamp and runs again.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './paths.ts';

export const STAMP_FILE = '.paylock-build-stamp';

export interface BuildInputs {
  /** Files and folders (relative to the repository root) whose contents the build reads. */
  readonly paths: readonly string[];
  /** Folder names never read by the build (output, dependencies, tests' results). */
  readonly ignore: readonly string[];
  /** Environment variables the build reads (their values enter the hash). */
  readonly environment?: readonly string[];
}

async function filesUnder(relative: string, ignore: readonly string[]): Promise<string[]> {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  const entries = await readdir(absolute, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !ignore.includes(entry.name))
      .map((entry) => {
        const child = path.posix.join(relative, entry.name);
        if (entry.isDirectory()) return filesUnder(child, ignore);
        return Promise.resolve(entry.isFile() ? [child] : []);
      }),
  );
  return nested.flat();
}

export async function sourceHash(inputs: BuildInputs): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of inputs.paths) {
    const stats = await stat(path.join(ROOT, input)).catch(() => undefined);
    if (stats?.isDirectory()) files.push(...(await filesUnder(input, inputs.ignore)));
    else if (stats?.isFile()) files.push(input);
  }
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(ROOT, file)));
    hash.update('\0');
  }
  for (const name of inputs.environment ?? []) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** Whether `outputDir` holds a build of exactly these sources. */
export async function isUpToDate(outputDir: string, hash: string): Promise<boolean> {
  const stamp = await readFile(path.join(outputDir, STAMP_FILE), 'utf8').catch(() => '');
  return stamp.trim() === hash;
}

export async function writeStamp(outputDir: string, hash: string): Promise<void> {
  await writeFile(path.join(outputDir, STAMP_FILE), `${hash}\n`);
}
