import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { PageOutlet } from '../components/layouts/page-outlet';
import { WithQueryClient } from '../components/query/with-query-client';
import { paths } from '../config/paths';
import { RequireSignedIn, RequireSignedOut } from './routes/guards';
import { Redirect } from './routes/redirect';
import { RootLayout } from './routes/root-layout';

/**
 * A page that is its own chunk, so the landing page ships only what it needs. `preload` fetches the
 * chunk ahead of rendering: once it has resolved the page renders at once instead of suspending,
 * which lets a prerendered page hydrate without a fallback in between.
 */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= pick(await load());
    return loaded;
  };
  const Suspending = lazy(async () => ({ default: await preload() }));
  const Page = () => createElement(loaded ?? Suspending);
  return { Page, preload };
}

const pages = {
  landing: lazyPage(
    () => import('../features/landing/components/landing-page'),
    (module) => module.LandingPage,
  ),
  waitlist: lazyPage(
    () => import('../features/waitlist/components/waitlist-page'),
    (module) => module.WaitlistPage,
  ),
  login: lazyPage(
    () => import('../features/auth/components/login-page'),
    (module) => module.LoginPage,
  ),
  register: lazyPage(
    () => import('../features/auth/components/register-page'),
    (module) => module.RegisterPage,
  ),
  dashboardOverview: lazyPage(
    () => import('../features/dashboard/components/dashboard-overview-page'),
    (module) => module.DashboardOverviewPage,
  ),
  contracts: lazyPage(
    () => import('../features/dashboard/components/creator-contracts-page'),
    (module) => module.CreatorContractsPage,
  ),
};

type PageName = keyof typeof pages;

const preloaders = new Map<RouteObject, () => Promise<unknown>>();

/**
 * A route rendering the page `name`. Pages get the query client, except the landing page: it
 * hydrates without the query library, which its live slot count loads afterwards.
 */
function pageRoute(path: string, name: PageName): RouteObject {
  const { Page, preload } = pages[name];
  const element =
    name === 'landing' ? (
      <Page />
    ) : (
      <WithQueryClient>
        <Page />
      </WithQueryClient>
    );
  const route: RouteObject = { path, element };
  preloaders.set(route, preload);
  return route;
}

/**
 * The route table, rendered with `useRoutes` under a BrowserRouter (main.tsx) or a StaticRouter
 * (entry-server.tsx, the prerender). Not a data router (createBrowserRouter): that one alone adds
 * 16 kB gzipped to the landing page's first load, whose budget is 100 kB. So routes use only
 * paths, elements and children; errors and loading are PageOutlet's.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // A page's error replaces only the page; the root layout (banner) stays.
        element: <PageOutlet />,
        children: [
          pageRoute(paths.home, 'landing'),
          pageRoute(paths.waitlist, 'waitlist'),
          {
            element: <RequireSignedOut />,
            children: [pageRoute(paths.login, 'login'), pageRoute(paths.register, 'register')],
          },
          {
            element: <RequireSignedIn />,
            children: [
              {
                path: paths.creatorDashboard,
                element: <Redirect to={paths.creatorDashboardOverview} />,
              },
              pageRoute(paths.creatorDashboardOverview, 'dashboardOverview'),
              pageRoute(paths.creatorContracts, 'contracts'),
            ],
          },
          { path: '*', element: <Redirect to={paths.home} /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the chunks of the page(s) `pathname` renders, so they render without suspending. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const preloads = matches.flatMap(({ route }) => preloaders.get(route) ?? []);
  await Promise.all(preloads.map((preload) => preload()));
}
