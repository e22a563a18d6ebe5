import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { useNotificationPages } from '@/components/layouts/top-bar-bell';
import { WithQueryClient } from '@/components/query/with-query-client';
import { paths } from '@/config/paths';
import { brandPaths } from './brand-paths';
import { DashboardShell } from '../components/dashboard-shell';
import { brandWorkspace } from './brand-navigation';
import { BrandDealsPage } from './brand-deals-page';
import { BrandDuesPage } from './brand-dues-page';
import { BrandInvoicesPage } from './brand-invoices-page';
import { BrandStatementPage } from './brand-statement-page';
import { BrandProfilePage, BrandWelcomePage, RequireBrandProfile } from './brand-pages';
import { RequireBrand } from './require-brand';
import { HelpPage, SettingsPage } from '../settings';

/** A workspace address below `/brand/`, as the routes under `/brand/*` match it. */
const below = (path: string) => path.slice(paths.brand.length + 1);

/**
 * The brand workspace's routes, below `/brand/*`: a chunk of their own, loaded by the dashboard
 * chunk whose shell they use, so the app's router (and the landing page's JavaScript) carries only
 * `/brand/*`.
 */
export function BrandRoutes() {
  return <WithQueryClient>{useRoutes(brandRoutes)}</WithQueryClient>;
}

/** The notifications pages the app provides (the creator's, same preferences); none: to deals. */
function BrandNotifications() {
  return useNotificationPages() ?? <Navigate to={brandPaths.deals} replace />;
}

const brandRoutes: RouteObject[] = [
  {
    element: <RequireBrand />,
    children: [
      { path: below(brandPaths.welcome), element: <BrandWelcomePage /> },
      {
        element: <RequireBrandProfile />,
        children: [
          {
            element: <DashboardShell workspace={brandWorkspace} />,
            children: [
              { index: true, element: <Navigate to={brandPaths.deals} replace /> },
              { path: below(brandPaths.deals), element: <BrandDealsPage /> },
              { path: below(brandPaths.owed), element: <BrandDuesPage /> },
              { path: below(brandPaths.invoices), element: <BrandInvoicesPage /> },
              { path: below(brandPaths.statement), element: <BrandStatementPage /> },
              { path: below(brandPaths.profile), element: <BrandProfilePage /> },
              { path: `${below(brandPaths.notifications)}/*`, element: <BrandNotifications /> },
              { path: below(brandPaths.settings), element: <SettingsPage /> },
              { path: below(brandPaths.help), element: <HelpPage /> },
              { path: '*', element: <Navigate to={brandPaths.deals} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
