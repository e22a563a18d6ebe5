import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Connect, type Plugin, type ProxyOptions, type Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;
import { themeBootScript } from './src/components/theme/theme-boot-script.ts';
import { brand } from './src/config/brand.ts';

const apiOrigin = process.env.PAYLOCK_API_ORIGIN ?? 'http://127.0.0.1:3000';
/** A creator's public media kit: the backend's server-rendered page (Vite's own /@vite/… have a slash). */
const MEDIA_KIT_PAGE = '^/@[A-Za-z0-9._%]+$';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiOrigin },
  [MEDIA_KIT_PAGE]: {
    target: apiOrigin,
    rewrite: (address) => address.replace(/^\/@([^?]+).*$/, '/api/v1/public/media-kits/$1/page'),
  },
};

/** The page without prerendered content that every non-prerendered address gets (scripts/prerender.ts). */
const SPA_SHELL = '/app.html';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Fills index.html's %BRAND_*% placeholders so the brand stays defined in one place, and puts the
 * theme on <html> before the first paint.
 */
const brandHtml = (): Plugin => ({
  name: 'paylock-brand-html',
  transformIndexHtml: (html) => ({
    html: html
      .replaceAll('%BRAND_NAME%', escapeHtml(brand.name))
      .replaceAll('%BRAND_DESCRIPTION%', escapeHtml(brand.description)),
    tags: [{ tag: 'script', children: themeBootScript, injectTo: 'head-prepend' }],
  }),
});

const wantsHtml = (request: Connect.IncomingMessage) => {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
};

/** The built file a page address is answered with, or undefined when it is not a page address. */
function pageFile(url: string, outDir: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  if (pathname.startsWith('/api/') || path.posix.extname(pathname) !== '') return undefined;
  // /@handle is the proxy's (a handle without a dot has no extension, like a page's address).
  if (new RegExp(MEDIA_KIT_PAGE).test(url.split('?')[0] ?? '')) return undefined;
  const prerendered = path.posix.join(pathname, 'index.html');
  const file = path.join(outDir, prerendered);
  if (file.startsWith(outDir + path.sep) && existsSync(file)) return prerendered;
  // A plain `vite build` (no prerender) has no shell of its own: its index.html is one.
  return existsSync(path.join(outDir, SPA_SHELL)) ? SPA_SHELL : '/index.html';
}

/**
 * `vite preview` serves like production must: a prerendered page (dist/<path>/index.html) where one
 * exists, the SPA shell everywhere else, so no address ever shows another page's markup.
 */
const prerenderedPages = (): Plugin => ({
  name: 'paylock-prerendered-pages',
  configurePreviewServer(server) {
    const outDir = path.resolve(server.config.root, server.config.build.outDir);
    server.middlewares.use((request, _response, next) => {
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') && wantsHtml(request);
      const file = isPageRequest && request.url ? pageFile(request.url, outDir) : undefined;
      if (file) request.url = file;
      next();
    });
  },
});

/**
 * `npm run dev` prints one URL (PAYLOCK_PUBLIC_URL): a visit under another loopback name is sent
 * there, since sign-in cookies and redirects belong to that one host name.
 */
const oneHostName = (): Plugin => ({
  name: 'paylock-one-host-name',
  configureServer(server) {
    const publicUrl = process.env.PAYLOCK_PUBLIC_URL;
    if (!publicUrl) return;
    const { host, origin } = new URL(publicUrl);
    server.middlewares.use((request, response, next) => {
      if (request.headers.host === host) {
        next();
        return;
      }
      response.statusCode = 308;
      response.setHeader('Location', origin + (request.url ?? '/'));
      response.end();
    });
  },
});

const frontendDir = import.meta.dirname;

/** Small modules that pages share: helpers and settings, and interface pieces. */
const SHARED_HELPER = /\/src\/(?:lib|config|utils)\/[^/]+\.tsx?$/;
const SHARED_PIECE = /\/src\/components\/ui\/[^/]+\.tsx?$/;
const ENTRY = /\/src\/main\.tsx$/;
const LANDING_PAGE = /\/src\/features\/landing\/components\/landing-page\.tsx$/;

/** Whether `id` is imported statically, directly or not, by a module that `root` matches. */
function importedBy(root: RegExp, id: string, ctx: ChunkingContext, seen = new Set<string>()) {
  if (seen.has(id)) return false;
  seen.add(id);
  if (root.test(id)) return true;
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return importers.some((importer): boolean => importedBy(root, importer, ctx, seen));
}

/**
 * Shared helpers travel in two chunks instead of one each: those the landing page's first load
 * needs, and all the others. The entry keeps what it imports itself.
 */
function sharedHelpersChunk(id: string, ctx: ChunkingContext): string | null {
  if (!(SHARED_HELPER.test(id) || SHARED_PIECE.test(id)) || importedBy(ENTRY, id, ctx)) return null;
  if (importedBy(LANDING_PAGE, id, ctx)) return 'landing-helpers';
  return SHARED_HELPER.test(id) ? 'page-helpers' : null;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), brandHtml(), prerenderedPages(), oneHostName()],
  // `@/x` is `src/x` (tsconfig.json's paths say the same to TypeScript; the tests get it through
  // vitest.config.ts, which extends this file). Files this config imports itself (brand.ts,
  // theme-boot-script.ts) keep relative imports: the config is loaded before any alias applies.
  resolve: { alias: [{ find: /^@\//, replacement: `${path.join(frontendDir, 'src')}/` }] },
  build: {
    // scripts/prerender.ts reads it to preload each prerendered page's own chunks.
    manifest: true,
    // Every supported browser has modulepreload: the polyfill would only add to the entry chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically travels in the entry chunk. Left alone, the
            // bundler splits what pages loaded on demand also import (React, the JSX runtime, its
            // own runtime, the preload helper) into four small chunks every page downloads
            // anyway, each with its own imports and exports and worse compression (1.2 kB more
            // gzipped on the landing page).
            { name: 'index', tags: ['$initial'], priority: 1 },
            // The small helpers that pages loaded on demand share (error reader, formatters, token
            // patterns) travel as one chunk instead of one each: every chunk's name is written
            // into the entry's preload map, which the landing page downloads. What the landing
            // page's first load needs keeps its place.
            { name: sharedHelpersChunk, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy,
    // The development server serves files outside its root under /@fs/. Vite allows the whole
    // npm workspace by default — the live database in .data/, the backend's sources, .tools/.
    // Only the frontend and the dependencies it imports are served (allow); deny adds secrets and
    // the data and tool folders wherever they appear below those.
    fs: {
      strict: true,
      // …and the privacy policy, which the /privacy page renders from its one source in docs/.
      allow: [
        frontendDir,
        path.join(frontendDir, '..', 'node_modules'),
        path.join(frontendDir, '..', 'docs', 'privacy.md'),
      ],
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key}',
        '**/.git/**',
        '**/.data/**',
        '**/.tmp/**',
        '**/.tools/**',
      ],
    },
    // No CORS: a page on another localhost port must not read the development server's files
    // (Vite's default admits any localhost origin). The app loads everything from its own origin.
    cors: false,
  },
  preview: { proxy, cors: false },
});
