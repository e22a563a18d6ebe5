import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../components/errors/error-screen';
import { LoadingIndicator } from '../components/ui/loading-indicator';
import { paths } from '../config/paths';
import { RequireSignedIn, RequireSignedOut } from './routes/guards';
import { Redirect } from './routes/redirect';
import { RootLayout } from './routes/root-layout';

// Every page is its own chunk, so the landing page ships only what it needs.
const pages = {
  landing: {
    path: paths.home,
    lazy: async () => ({
      Component: (await import('../features/landing/components/landing-page')).LandingPage,
    }),
  },
  waitlist: {
    path: paths.waitlist,
    lazy: async () => ({
      Component: (await import('../features/waitlist/components/waitlist-page')).WaitlistPage,
    }),
  },
  login: {
    path: paths.login,
    lazy: async () => ({
      Component: (await import('../features/auth/components/login-page')).LoginPage,
    }),
  },
  register: {
    path: paths.register,
    lazy: async () => ({
      Component: (await import('../features/auth/components/register-page')).RegisterPage,
    }),
  },
  dashboardOverview: {
    path: paths.creatorDashboardOverview,
    lazy: async () => ({
      Component: (await import('../features/dashboard/components/dashboard-overview-page'))
        .DashboardOverviewPage,
    }),
  },
  contracts: {
    path: paths.creatorContracts,
    lazy: async () => ({
      Component: (await import('../features/dashboard/components/creator-contracts-page'))
        .CreatorContractsPage,
    }),
  },
} satisfies Record<string, RouteObject>;

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
