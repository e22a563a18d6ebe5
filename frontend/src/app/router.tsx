import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../components/errors/error-screen';
import { LoadingIndicator } from '../components/ui/loading-indicator';
import { paths } from '../config/paths';
import { RequireSignedIn, RequireSignedOut } from './routes/guards';
import { Redirect } from './routes/redirect';
import { RootLayout } from './routes/root-layout';

/** A route whose page is its own chunk, so the landing page ships only what it needs. */
function lazyPage<Module>(
  path: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): RouteObject {
  return { path, lazy: async () => ({ Component: pick(await load()) }) };
}

const pages = {
  landing: lazyPage(
    paths.home,
    () => import('../features/landing/components/landing-page'),
    (module) => module.LandingPage,
  ),
  waitlist: lazyPage(
    paths.waitlist,
    () => import('../features/waitlist/components/waitlist-page'),
    (module) => module.WaitlistPage,
  ),
  login: lazyPage(
    paths.login,
    () => import('../features/auth/components/login-page'),
    (module) => module.LoginPage,
  ),
  register: lazyPage(
    paths.register,
    () => import('../features/auth/components/register-page'),
    (module) => module.RegisterPage,
  ),
  dashboardOverview: lazyPage(
    paths.creatorDashboardOverview,
    () => import('../features/dashboard/components/dashboard-overview-page'),
    (module) => module.DashboardOverviewPage,
  ),
  contracts: lazyPage(
    paths.creatorContracts,
    () => import('../features/dashboard/components/creator-contracts-page'),
    (module) => module.CreatorContractsPage,
  ),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingIndicator />,
    children: [
      {
        // A page's error replaces only the page; the root layout (banner) stays.
        errorElement: <RouteErrorScreen />,
        children: [
          pages.landing,
          pages.waitlist,
          { element: <RequireSignedOut />, children: [pages.login, pages.register] },
          {
            element: <RequireSignedIn />,
            children: [
              {
                path: paths.creatorDashboard,
                element: <Redirect to={paths.creatorDashboardOverview} />,
              },
              pages.dashboardOverview,
              pages.contracts,
            ],
          },
          { path: '*', element: <Redirect to={paths.home} /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
