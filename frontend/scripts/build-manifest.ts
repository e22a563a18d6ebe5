import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk in Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export const readManifest = (distDir: string): BuildManifest =>
  JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;

/**
 * The JavaScript and CSS files a source module needs before it can run: its own chunk and,
 * transitively, every chunk it imports statically. Files in `exclude` (and what only they import)
 * are left out.
 */
export function filesNeededBy(
  manifest: BuildManifest,
  sourceModule: string,
  exclude: ReadonlySet<string> = new Set(),
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (exclude.has(chunk.file) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(sourceModule);
  return { scripts: [...scripts], styles: [...styles] };
}
