/**
 * Checks what a visitor's browser must download before a page works against the budgets below:
 * the scripts, module preloads and inline scripts of the built page's HTML (JavaScript) and its
 * stylesheets, linked or inline (CSS), plus, for a page that is not prerendered, the chunks it loads on demand before
 * it is complete (found through Vite's build manifest), each gzip-compressed (level 9) as a server
 * would send them. Reads dist/, so run `npm run build -w frontend` first. Prints every file; exits 1
 * when a page is over budget.
 *
 * Sizes are in kB of 1,000 bytes, as Vite reports them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { filesNeededBy, readManifest } from './build-manifest.ts';
import { initialAssetsOf } from './html.ts';

interface Budget {
  page: string;
  /** The built HTML that answers the page, relative to dist/. */
  html: string;
  /** Source modules the page loads on demand before it is complete (with all they import). */
  lazyModules?: readonly string[];
  maxScriptKb: number;
  maxStyleKb: number;
}

const BUDGETS: readonly Budget[] = [
  { page: '/', html: 'index.html', maxScriptKb: 100, maxStyleKb: 20 },
  {
    page: '/creator/dashboard/overview, signed in',
    html: 'app.html',
    lazyModules: [
      // The dashboard shell and its pages, and the overview (the creator's deals and money).
      'src/app/creator-area.ts',
      'src/app/creator-overview.tsx',
      // The query client every page but the landing page gets.
      'src/components/query/query-region.tsx',
      // Rendered on every page: the toasts and (unless VITE_PREVIEW_BANNER=false) the banner.
      'src/components/ui/toaster.tsx',
      'src/components/preview-banner/preview-banner.tsx',
    ],
    maxScriptKb: 170,
    maxStyleKb: 20,
  },
  {
    page: '/admin, signed in as an admin',
    html: 'app.html',
    lazyModules: [
      // The back-office: its shell, pages, table and charts (never in the landing page's load).
      'src/app/admin-area.ts',
      'src/features/admin/index.ts',
      'src/components/query/query-region.tsx',
      'src/components/ui/toaster.tsx',
      'src/components/preview-banner/preview-banner.tsx',
    ],
    maxScriptKb: 230,
    maxStyleKb: 20,
  },
];

const distDir = path.resolve(import.meta.dirname, '../dist');
const KB = 1000;

const gzipBytes = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;
const kb = (bytes: number) => (bytes / KB).toFixed(2).padStart(7);

interface Measured {
  name: string;
  gzip: number;
}

function measureFiles(urls: readonly string[]): Measured[] {
  return urls.map((url) => {
    const file = path.join(distDir, new URL(url, 'http://localhost').pathname);
    if (!existsSync(file)) throw new Error(`${url} is referenced by the page but not in dist/`);
    return { name: url, gzip: gzipBytes(readFileSync(file)) };
  });
}

function report(kind: string, measured: readonly Measured[], maxKb: number): boolean {
  const total = measured.reduce((sum, item) => sum + item.gzip, 0);
  for (const item of measured) console.log(`  ${kb(item.gzip)} kB  ${item.name}`);
  const within = total <= maxKb * KB;
  console.log(
    `  ${kb(total)} kB  ${kind} in total (budget ${maxKb} kB)${within ? '' : '  OVER BUDGET'}`,
  );
  return within;
}

/** The URLs of the chunks `modules` need beyond those the HTML already loads (`loaded`). */
function lazyFiles(modules: readonly string[], loaded: readonly string[]) {
  if (modules.length === 0) return { scripts: [], styles: [] };
  const manifest = readManifest(distDir);
  const already = new Set(loaded.map((url) => url.replace(/^\//, '')));
  const needed = modules.map((module) => filesNeededBy(manifest, module, already));
  const urls = (files: string[]) => [...new Set(files)].map((file) => `/${file}`);
  return {
    scripts: urls(needed.flatMap((files) => files.scripts)),
    styles: urls(needed.flatMap((files) => files.styles)),
  };
}

function checkPage(budget: Budget): boolean {
  const htmlFile = path.join(distDir, budget.html);
  if (!existsSync(htmlFile))
    throw new Error(`dist/${budget.html} is missing: build the frontend first`);
  const assets = initialAssetsOf(readFileSync(htmlFile, 'utf8'));
  const lazy = lazyFiles(budget.lazyModules ?? [], [...assets.scripts, ...assets.modulePreloads]);
  const scripts = [
    ...measureFiles([...assets.scripts, ...assets.modulePreloads, ...lazy.scripts]),
    ...assets.inlineScripts.map((code, index) => ({
      name: `inline script ${index + 1}`,
      gzip: gzipBytes(code),
    })),
  ];
  console.log(`${budget.page} (dist/${budget.html}), gzip level 9:`);
  const scriptsWithin = report('JavaScript', scripts, budget.maxScriptKb);
  const styles = [
    ...measureFiles([...new Set([...assets.styles, ...lazy.styles])]),
    ...assets.inlineStyles.map((css, index) => ({
      name: `inline stylesheet ${index + 1}`,
      gzip: gzipBytes(css),
    })),
  ];
  const stylesWithin = report('CSS', styles, budget.maxStyleKb);
  return scriptsWithin && stylesWithin;
}

const results = BUDGETS.map(checkPage);
if (results.includes(false)) {
  console.error('Bundle size check failed: a page is over its budget.');
  process.exit(1);
}
console.log('Bundle size check passed.');
