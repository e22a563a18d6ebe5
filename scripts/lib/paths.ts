import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Tools the project builds or downloads for itself (git-ignored). */
export const TOOLS_DIR = path.join(ROOT, '.tools');
/** Data that survives restarts of `npm start` (git-ignored). */
export const DATA_DIR = path.join(ROOT, '.data');
/** Scratch space of one run: test databases, drift-check output, results (git-ignored). */
export const TMP_DIR = path.join(ROOT, '.tmp');
