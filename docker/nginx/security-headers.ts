/**
 * Writes the nginx security-headers snippet for a built frontend: the Content-Security-Policy lets
 * exactly the inline scripts of the built HTML run (by their SHA-256), and nothing else inline.
 * Run by docker/frontend.Dockerfile after the build:
 *   node docker/nginx/security-headers.ts <built dist dir> <snippet template> <output file>
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const INLINE_SCRIPT_HASHES_PLACEHOLDER = '@INLINE_SCRIPT_HASHES@';

// Our own build output, not arbitrary HTML: a <script> without src, up to its closing tag.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

export function inlineScripts(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((script) => script.trim() !== '');
}

/** The CSP source expression that allows one inline script. */
export function cspHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The hash sources of every inline script in the built site, each once, in a stable order. */
export async function inlineScriptHashSources(distDirectory: string): Promise<string[]> {
  const pages = await Promise.all(
    (await htmlFiles(distDirectory)).map((file) => readFile(file, 'utf8')),
  );
  return [...new Set(pages.flatMap(inlineScripts).map(cspHashSource))].sort();
}

export function renderSecurityHeaders(template: string, hashSources: readonly string[]): string {
  if (!template.includes(INLINE_SCRIPT_HASHES_PLACEHOLDER)) {
    throw new Error(`the snippet has no ${INLINE_SCRIPT_HASHES_PLACEHOLDER} placeholder`);
  }
  return template.replace(INLINE_SCRIPT_HASHES_PLACEHOLDER, hashSources.join(' '));
}

async function main([distDirectory, templateFile, outputFile]: string[]): Promise<void> {
  if (!distDirectory || !templateFile || !outputFile) {
    throw new Error('usage: security-headers.ts <dist dir> <snippet template> <output file>');
  }
  const hashSources = await inlineScriptHashSources(distDirectory);
  const template = await readFile(templateFile, 'utf8');
  await writeFile(outputFile, renderSecurityHeaders(template, hashSources));
  console.log(`security headers: ${hashSources.length} inline script(s) allowed by hash`);
}

if (import.meta.main) await main(process.argv.slice(2));
