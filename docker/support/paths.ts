import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DOCKER_DIR = path.join(ROOT, 'docker');
export const fromRoot = (...segments: string[]): string => path.join(ROOT, ...segments);
