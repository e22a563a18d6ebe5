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

export interface Build {
  /** The npm workspace whose `build` script makes it. */
  readonly workspace: string;
  readonly outputDir: string;
  readonly inputs: BuildInputs;
}

/** The two builds `npm start` serves and `npm test` runs its suites from. */
export const BUILDS = {
  backend: {
    workspace: 'backend',
    outputDir: path.join(ROOT, 'backend', 'dist'),
    inputs: {
      paths: [
        'backend/src',
        'backend/tsconfig.json',
        'backend/tsconfig.build.json',
        'package-lock.json',
      ],
      ignore: ['node_modules', 'dist'],
    },
  },
  frontend: {
    workspace: 'frontend',
    outputDir: path.join(ROOT, 'frontend', 'dist'),
    inputs: {
      // docs/privacy.md is the privacy page's text (/privacy).
      paths: ['frontend', 'docs/privacy.md', 'package-lock.json'],
      ignore: ['node_modules', 'dist', 'e2e', 'test-results', 'playwright-report'],
      environment: ['PUBLIC_URL', 'VITE_PREVIEW_BANNER', 'VITE_API_BASE_URL', 'VITE_SUPPORT_EMAIL'],
    },
  },
} as const satisfies Record<string, Build>;

/**
 * Runs `build` (npm run build -w <workspace>) unless the output's stamp matches its sources, and
 * stamps it once built. The hash is taken before the build: sources edited during it build again.
 */
export async function buildIfChanged(
  { outputDir, inputs }: Build,
  build: () => Promise<number>,
): Promise<'up to date' | 'built' | 'failed'> {
  const hash = await sourceHash(inputs);
  if (await isUpToDate(outputDir, hash)) return 'up to date';
  if ((await build()) !== 0) return 'failed';
  await writeStamp(outputDir, hash);
  return 'built';
}
