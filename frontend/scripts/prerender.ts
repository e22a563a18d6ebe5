/**
 * Prerenders the public pages after `vite build` and `vite build --ssr`: each becomes static HTML
 * (first paint without JavaScript) that the app then hydrates. Writes:
 *   dist/index.html, dist/waitlist/index.html  the prerendered pages, with title, description,
 *                                              Open Graph tags and their own chunks preloaded;
 *                                              the stylesheet inline and the scripts requested
 *                                              after the first paint (see firstPaintFirst)
 *   dist/app.html                              the SPA shell, for every other address
 *   dist/robots.txt, dist/sitemap.xml          absolute URLs on PUBLIC_URL
 * and removes the server bundle (dist/.ssr), which only this script needs.
 *
 * PUBLIC_URL: the site's public origin (default http://localhost:5173, as for the backend).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesNeededBy, readManifest, type BuildManifest } from './build-manifest.ts';
import { escapeHtml, initialAssetsOf, replaceOnce } from './html.ts';

type ServerEntry = typeof import('../src/entry-server.tsx');
type PublicPage = ServerEntry['publicPages'][number];

const distDir = path.resolve(import.meta.dirname, '../dist');
const serverDir = path.join(distDir, '.ssr');
const SPA_SHELL = 'app.html';
const OG_IMAGE = '/og-image.jpg';

function publicOrigin(): string {
  const origin = new URL(process.env.PUBLIC_URL ?? 'http://localhost:5173').origin;
  if (origin === 'null')
    throw new Error(`PUBLIC_URL is not an http(s) URL: ${String(process.env.PUBLIC_URL)}`);
  return origin;
}

const asset = (file: string) => `/${file}`;

interface Brand {
  name: string;
  tagline: string;
}

function headTags(page: PublicPage, origin: string, brand: Brand, preloads: string[]): string {
  const url = new URL(page.path, origin).href;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brand.name),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:url', url),
    meta('property', 'og:title', page.shareTitle),
    meta('property', 'og:description', page.description),
    meta('property', 'og:image', new URL(OG_IMAGE, origin).href),
    meta('property', 'og:image:alt', `The ${brand.name} logo and its tagline: ${brand.tagline}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="${asset(file)}" />`),
  ].join('\n    ');
}

function pageDocument(template: string, page: PublicPage, body: string, head: string): string {
  let html = replaceOnce(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.title)}</title>`,
  );
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  html = replaceOnce(html, '<!--prerender-head-->', head);
  return replaceOnce(
    html,
    '<div id="root"><!--prerender-body--></div>',
    `<div id="root" data-prerendered>${body}</div>`,
  );
}

/**
 * Started by a prerendered page instead of its module script and module preloads: once the
 * browser has painted the page (a `paint` performance entry, reported when the frame has been
 * presented), it imports the entry, whose imports bring the rest (the page's own chunk through
 * the entry's preloadRoute; a second `paint` entry imports the same module again, which does
 * nothing). Nothing of the app is fetched or evaluated before the first paint, so the painted
 * HTML is all that paint (and LCP) waits for. It runs from the page's one inline script, after
 * the theme boot script, and imports that element's `data-entry`; its `data-hydrate` lists the
 * entry and what it loads before the page works, for check-bundle-size. Until the app has
 * hydrated, the page's forms cannot be sent natively (their submit buttons are plain buttons,
 * see useHydrated). Written compact: it counts in the landing page's JavaScript budget. Paint
 * timing is in every browser the build targets (ADR 0051).
 */
export const HYDRATION_LOADER =
  '(f=>new PerformanceObserver(()=>import(f)).observe({type:"paint"}))' +
  '(document.currentScript.dataset.entry)';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/;

/**
 * What a prerendered page needs for its first paint is its HTML and its CSS, nothing else: the
 * stylesheet (about 9 kB gzipped) is written into the page, so painting waits for no second
 * request, and the scripts, which only make the painted page interactive, are requested after
 * the first paint by HYDRATION_LOADER. The SPA shell keeps its linked stylesheet and its module
 * script: it paints nothing without them.
 */
function firstPaintFirst(html: string): string {
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g)];
  for (const [tag, href = ''] of stylesheets) {
    const css = readFileSync(path.join(distDir, href), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  const { scripts, modulePreloads, inlineScripts } = initialAssetsOf(html);
  const [entry, ...others] = scripts;
  if (!entry || others.length > 0 || inlineScripts.length !== 1) {
    throw new Error('expected one module script and one inline script (the theme boot script)');
  }
  const files = [entry, ...modulePreloads].map(escapeHtml).join(' ');
  return replaceOnce(
    html
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/\s*<script type="module"[^>]*><\/script>/, ''),
    INLINE_SCRIPT,
    `<script data-entry="${escapeHtml(entry)}" data-hydrate="${files}">${inlineScripts[0] ?? ''};${HYDRATION_LOADER}</script>`,
  );
}

/** The page's own chunks, minus what the template already loads. */
function pagePreloads(manifest: BuildManifest, template: string, page: PublicPage): string[] {
  const loaded = initialAssetsOf(template);
  const already = new Set([...loaded.scripts, ...loaded.modulePreloads].map((url) => url.slice(1)));
  const files = page.modules.flatMap((module) => filesNeededBy(manifest, module, already).scripts);
  return [...new Set(files)];
}

const sitemap = (origin: string, pages: readonly PublicPage[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map(
      (page) => `  <url><loc>${escapeHtml(new URL(page.path, origin).href)}</loc></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

const robots = (origin: string) =>
  ['User-agent: *', 'Allow: /', 'Disallow: /creator/', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );

function write(file: string, content: string): void {
  const target = path.join(distDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  console.log(`prerender: wrote dist/${file}`);
}

async function prerender(): Promise<void> {
  // React's server renderer picks its production build from this when the bundle loads.
  process.env.NODE_ENV ??= 'production';
  const origin = publicOrigin();
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const server = (await import(
    pathToFileURL(path.join(serverDir, 'entry-server.js')).href
  )) as ServerEntry;

  write(
    SPA_SHELL,
    template.replace('<!--prerender-head-->', '').replace('<!--prerender-body-->', ''),
  );
  for (const page of server.publicPages) {
    const body = await server.renderPage(page.path);
    const head = headTags(page, origin, server.brand, pagePreloads(manifest, template, page));
    write(page.file, firstPaintFirst(pageDocument(template, page, body, head)));
  }
  write('sitemap.xml', sitemap(origin, server.publicPages));
  write('robots.txt', robots(origin));
  rmSync(serverDir, { recursive: true, force: true });
}

await prerender();
// The pages are written. The server bundle leaves two timers behind, which kept this process (and
// so every frontend build, the image's included) waiting about a minute for nothing.
process.exit(0);
