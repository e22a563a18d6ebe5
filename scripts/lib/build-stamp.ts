/**
 * "Rebuilt only when sources changed": a SHA-256 over the inputs of a build (file paths and
 * contents, the lock file, the environment variables the build reads), written next to its output
 * once the build succeeded. A build whose output folder is emptied (by another build of it, e.g.
 * `npm test`'s) loses its stamp and runs again.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashElement } from 'folder-hash';
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

/**
 * One SHA-256 over the inputs: each path's hash by folder-hash (names and contents of every file
 * below it, the ignored folders left out), then the environment variables' values.
 */
export async function sourceHash(inputs: BuildInputs): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs.paths) {
    const absolute = path.join(ROOT, input);
    if (!existsSync(absolute)) continue;
    const element = await hashElement(absolute, {
      algo: 'sha256',
      encoding: 'hex',
      folders: { exclude: [...inputs.ignore], matchBasename: true },
    });
    hash.update(`${input}\0${element.hash}\0`);
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
