export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** `html` with `search` replaced once; fails loudly when the template no longer has it. */
export function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? html.includes(search) : search.test(html);
  if (!found) throw new Error(`index.html has no ${String(search)}`);
  return html.replace(search, () => replacement);
}

const attributeValues = (html: string, pattern: RegExp): string[] =>
  [...html.matchAll(pattern)].map((match) => match[1] ?? '');

/** What a page's HTML makes the browser load before the app runs. */
export interface InitialAssets {
  scripts: string[];
  modulePreloads: string[];
  styles: string[];
  inlineScripts: string[];
  /** The contents of the page's <style> elements (a prerendered page carries its stylesheet inline). */
  inlineStyles: string[];
}

/**
 * The files a prerendered page's hydration loader requests after the first paint (its
 * `data-hydrate`: the entry, then the chunks it preloads); see prerender.ts.
 */
function hydrationFiles(html: string): string[] {
  return attributeValues(html, /<script\b[^>]*\bdata-hydrate="([^"]+)"/g).flatMap((files) =>
    files.split(' '),
  );
}

export function initialAssetsOf(html: string): InitialAssets {
  const [hydrationEntry, ...hydrationPreloads] = hydrationFiles(html);
  return {
    scripts: [
      ...attributeValues(html, /<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g),
      ...(hydrationEntry ? [hydrationEntry] : []),
    ],
    modulePreloads: [
      ...attributeValues(html, /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
      ...hydrationPreloads,
    ],
    styles: attributeValues(html, /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g),
    inlineScripts: attributeValues(html, /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
    inlineStyles: attributeValues(html, /<style\b[^>]*>([\s\S]*?)<\/style>/g),
  };
}
