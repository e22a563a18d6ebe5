import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { brand } from './config/brand';
import { EARLY_ACCESS_SLOTS } from './config/early-access';
import { paths } from './config/paths';
import { formatCount } from './utils/format-count';

/** A page prerendered to static HTML at build time, with what its <head> says about it. */
export interface PublicPage {
  path: string;
  /** Where the page's HTML goes, relative to dist/. */
  file: string;
  title: string;
  /** The title when the page is shared (Open Graph). */
  shareTitle: string;
  description: string;
  /** Source modules whose chunks the page needs to hydrate (preloaded by its HTML). */
  modules: readonly string[];
}

export const publicPages: readonly PublicPage[] = [
  {
    path: paths.home,
    file: 'index.html',
    title: brand.name,
    shareTitle: `${brand.name}: ${brand.tagline}`,
    description: brand.description,
    modules: ['src/features/landing/components/landing-page.tsx'],
  },
  {
    path: paths.waitlist,
    file: 'waitlist/index.html',
    title: `Join Waitlist | ${brand.name}`,
    shareTitle: `Join the ${brand.name} waitlist`,
    description: `Join the ${brand.name} waitlist: ${formatCount(EARLY_ACCESS_SLOTS)} early access slots for trusted influencers. Milestone-based payments, legal contracts and guaranteed, upfront payouts.`,
    modules: [
      'src/features/waitlist/components/waitlist-page.tsx',
      'src/components/query/query-region.tsx',
    ],
  },
];

export { brand };

/**
 * The app's markup at `path`, once everything on it (lazy parts included) has loaded. Fails when
 * any part of the page fails to render: a page the server cannot render must not ship.
 */
export async function renderPage(path: string): Promise<string> {
  await preloadRoute(path);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await text(prelude);
  if (errors.length > 0) {
    throw new AggregateError(errors, `${path} failed to render on the server`);
  }
  return html;
}
