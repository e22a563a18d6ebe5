import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageOutlet } from '../components/layouts/page-outlet';
import { retryableLazy } from '../components/errors/retryable-lazy';
import { NotificationPagesContext, TopBarBellContext } from '../components/layouts/top-bar-bell';
import { WithQueryClient } from '../components/query/with-query-client';
import { LoadingIndicator } from '../components/ui/loading-indicator';
import { creatorPagePath, creatorSectionPath, paths } from '../config/paths';
import { useAuth } from '../lib/auth/use-auth';
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
  // After a failed chunk load, the error screen's 'Try again' fetches the chunk again.
  const Suspending = retryableLazy(async () => ({ default: await preload() }));
  const Page = () => createElement(loaded ?? Suspending);
  return { Page, preload };
}

// The signed-in creator area (creator-area.ts): the shell and its pages in one chunk, which loads
// the deal screens (and the brand's review page) in others.
const loadDashboard = () => import('./creator-area');
const loadDeals = async () => (await loadDashboard()).loadDeals();

// The pages e-mails link to share a chunk (features/waitlist/components/link-pages.ts).
const loadLinkPages = () => import('../features/waitlist/components/link-pages');

const pages = {
  landing: lazyPage(
    () => import('../features/landing/components/landing-page'),
    (module) => module.LandingPage,
  ),
  waitlist: lazyPage(
    () => import('../features/waitlist/components/waitlist-page'),
    (module) => module.WaitlistPage,
  ),
  waitlistConfirm: lazyPage(loadLinkPages, (module) => module.ConfirmPage),
  waitlistMe: lazyPage(loadLinkPages, (module) => module.PersonalPage),
  privacy: lazyPage(loadLinkPages, (module) => module.PrivacyPage),
  login: lazyPage(
    () => import('../features/auth/components/login-page'),
    (module) => module.LoginPage,
  ),
  register: lazyPage(
    () => import('../features/auth/components/register-page'),
    (module) => module.RegisterPage,
  ),
  contactEmailConfirm: lazyPage(
    () => import('../features/dashboard/settings/components/contact-email-confirm-page'),
    (module) => module.ContactEmailConfirmPage,
  ),
  reauthenticated: lazyPage(
    () => import('../features/auth/reauth/reauthenticated-page'),
    (module) => module.ReauthenticatedPage,
  ),
  accountErased: lazyPage(
    () => import('../features/dashboard/settings/components/account-erased-page'),
    (module) => module.AccountErasedPage,
  ),
  // The brand's review page (no account), in the deals chunk.
  dealReview: lazyPage(loadDeals, (module) => module.BrandReviewPage),
  mediaKitRequest: lazyPage(
    () => import('../features/media-kit/components/request-package-page'),
    (module) => module.RequestPackagePage,
  ),
};

type PageName = keyof typeof pages;

const dashboardPages = {
  comingSoon: lazyPage(loadDashboard, (module) => module.ComingSoonPage),
  // The brand workspace (/brand/*): a chunk of its own (features/dashboard/brand/index.ts) that
  // the dashboard chunk loads, so the list of the files it needs lives there, not in the entry.
  brandWorkspace: lazyPage(loadDashboard, (module) => module.BrandWorkspace),
  settings: lazyPage(
    async () => (await loadDashboard()).loadSettings(),
    (module) => module.SettingsPage,
  ),
  help: lazyPage(
    async () => (await loadDashboard()).loadSettings(),
    (module) => module.HelpPage,
  ),
  overview: lazyPage(
    async () => (await loadDashboard()).loadDealsOverview(),
    (module) => module.CreatorOverviewPage,
  ),
};

// The deal sections (each routes its own pages) load when first opened; the shell shows meanwhile.
const dealSections = lazyPage(loadDeals, (module) => module.DealSectionRoutes);
const walletSection = lazyPage(
  async () => (await loadDashboard()).loadWallet(),
  (module) => module.WalletRoutes,
);
const loadNotifications = async () => (await loadDashboard()).loadNotifications();
const notificationSection = lazyPage(loadNotifications, (module) => module.NotificationRoutes);
/** The top bar's bell (features/notifications), handed to the dashboards' top bar. */
const notificationBell = lazyPage(loadNotifications, (module) => module.NotificationBell);

const reportsPage = lazyPage(
  async () => (await loadDashboard()).loadReports(),
  (module) => module.ReportsPage,
);
const loadInsights = async () => (await loadDashboard()).loadInsights();
const analyticsPage = lazyPage(loadInsights, (module) => module.AnalyticsPage);
const insightsPage = lazyPage(loadInsights, (module) => module.InsightsPage);

const invoiceSection = lazyPage(
  async () => (await loadDashboard()).loadInvoices(),
  (module) => module.InvoiceRoutes,
);

const mediaKitSection = lazyPage(
  async () => (await loadDashboard()).loadMediaKit(),
  (module) => module.MediaKitRoutes,
);

const dashboardShell = lazyPage(
  async () => {
    // Resolving the pages with the shell lets them render at once, without a second fallback.
    const [module] = await Promise.all([
      loadDashboard(),
      ...Object.values(dashboardPages).map((page) => page.preload()),
    ]);
    return module;
  },
  (module) => module.DashboardShell,
);

// The back-office is its own chunk (features/admin/index.ts) with its own routes below /admin/*,
// loaded only by admins who open it.
const adminRoutes = lazyPage(
  async () => (await import('./admin-area')).loadAdmin(),
  (module) => module.AdminRoutes,
);

const preloaders = new Map<RouteObject, () => Promise<unknown>>();

/**
 * A route rendering the page `name`. Pages get the query client, except the landing page: it
 * hydrates without the query library, which its live slot count loads afterwards.
 */
function pageRoute(path: string, name: Exclude<PageName, 'landing'>): RouteObject {
  const { Page, preload } = pages[name];
  const element = (
    <WithQueryClient>
      <Page />
    </WithQueryClient>
  );
  const route: RouteObject = { path, element };
  preloaders.set(route, preload);
  return route;
}

/**
 * `/`: the landing page, prerendered. The session starts out loading, so the prerendered markup
 * hydrates as it is; once a signed-in user's session resolves, the address becomes the overview.
 */
function Home() {
  const { status } = useAuth();
  if (status === 'authenticated') return <Navigate to={paths.creatorDashboardOverview} replace />;
  return <pages.landing.Page />;
}

const homeRoute: RouteObject = { path: paths.home, element: <Home /> };
preloaders.set(homeRoute, pages.landing.preload);

/**
 * Addresses that depend on who asks: a signed-in user goes to `signedIn`, anyone else to `/`. Waits
 * for the session, so a signed-in user never sees the landing page on the way.
 */
function RedirectBySession({ signedIn }: { signedIn: string }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingIndicator label="Checking your session…" />;
  return <Navigate to={status === 'authenticated' ? signedIn : paths.home} replace />;
}

/** Starts loading the dashboard while the guard checks the session, instead of after. */
function PreloadingDashboard({ children }: { children: ReactNode }) {
  useEffect(() => {
    dashboardShell.preload().catch(() => undefined);
  }, []);
  return children;
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
          homeRoute,
          pageRoute(paths.waitlist, 'waitlist'),
          pageRoute(paths.waitlistConfirm, 'waitlistConfirm'),
          pageRoute(paths.waitlistMe, 'waitlistMe'),
          pageRoute(paths.privacy, 'privacy'),
          pageRoute(paths.dealReview, 'dealReview'),
          pageRoute(paths.mediaKitRequest, 'mediaKitRequest'),
          pageRoute(paths.accountContactEmail, 'contactEmailConfirm'),
          pageRoute(paths.accountReauthenticated, 'reauthenticated'),
          pageRoute(paths.accountErased, 'accountErased'),
          {
            element: <RequireSignedOut />,
            children: [pageRoute(paths.login, 'login'), pageRoute(paths.register, 'register')],
          },
          {
            element: (
              <PreloadingDashboard>
                <RequireSignedIn />
              </PreloadingDashboard>
            ),
            children: [
              {
                path: paths.creatorDashboard,
                element: <Redirect to={paths.creatorDashboardOverview} />,
              },
              {
                element: (
                  <WithQueryClient>
                    <TopBarBellContext value={<notificationBell.Page />}>
                      <dashboardShell.Page />
                    </TopBarBellContext>
                  </WithQueryClient>
                ),
                children: [
                  {
                    path: paths.creatorDashboardOverview,
                    element: <dashboardPages.overview.Page />,
                  },
                  // Also /creator/contracts/, the specification's address of the contracts page.
                  ...(['contracts', 'collaborations', 'campaigns'] as const).map((section) => ({
                    path: `${creatorSectionPath(section)}/*`,
                    element: <dealSections.Page />,
                  })),
                  { path: `${creatorSectionPath('wallet')}/*`, element: <walletSection.Page /> },
                  { path: `${creatorSectionPath('invoices')}/*`, element: <invoiceSection.Page /> },
                  { path: '/creator/notifications/*', element: <notificationSection.Page /> },
                  {
                    path: creatorPagePath('dashboard', 'reports'),
                    element: <reportsPage.Page />,
                  },
                  {
                    path: `${creatorSectionPath('media-kit')}/*`,
                    element: <mediaKitSection.Page />,
                  },
                  {
                    path: creatorPagePath('dashboard', 'analytics'),
                    element: <analyticsPage.Page />,
                  },
                  {
                    path: creatorPagePath('dashboard', 'insights'),
                    element: <insightsPage.Page />,
                  },
                  // The sidebar's other destinations (the page sends any other address on).
                  { path: paths.creatorPage, element: <dashboardPages.comingSoon.Page /> },
                  { path: paths.creatorSettings, element: <dashboardPages.settings.Page /> },
                  { path: paths.creatorHelp, element: <dashboardPages.help.Page /> },
                ],
              },
            ],
          },
          {
            path: `${paths.brand}/*`,
            // Its role check (RequireBrand) and query client ship in the brand chunk.
            element: (
              <TopBarBellContext value={<notificationBell.Page />}>
                <NotificationPagesContext value={<notificationSection.Page />}>
                  <dashboardPages.brandWorkspace.Page />
                </NotificationPagesContext>
              </TopBarBellContext>
            ),
          },
          {
            // Its role check (RequireAdmin) ships in the admin chunk with the routes it guards.
            element: <RequireSignedIn />,
            children: [
              {
                path: `${paths.admin}/*`,
                element: (
                  <WithQueryClient>
                    <adminRoutes.Page />
                  </WithQueryClient>
                ),
              },
            ],
          },
          // The specification's Settings address, kept for links and habits.
          { path: paths.settings, element: <RedirectBySession signedIn={paths.creatorSettings} /> },
          { path: '*', element: <RedirectBySession signedIn={paths.creatorDashboardOverview} /> },
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
