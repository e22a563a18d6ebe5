import { Navigate, useRoutes } from 'react-router';
import { retryableLazy } from '@/components/errors/retryable-lazy';
import { paths } from '@/config/paths';
import { AdminShell } from './admin-shell';
import { AdminAuditLogPage } from './audit-log-page';
import { AdminMailPage } from './mail-page';
import { AdminOverviewPage } from './overview-page';
import { RequireAdmin } from './require-admin';
import { AdminWaitlistPage } from './waitlist-page';
import { adminDisputesPath, adminSupportPath, adminWaitingPath } from '../admin-paths';

// Disputes are opened rarely: their page and its forms load only when an admin goes there.
const AdminDisputesPage = retryableLazy(async () => ({
  default: (await import('./disputes-page')).AdminDisputesPage,
}));
const AdminDisputePage = retryableLazy(async () => ({
  default: (await import('./disputes-page')).AdminDisputePage,
}));
// Likewise the support requests (#41).
const AdminSupportPage = retryableLazy(async () => ({
  default: (await import('./support-page')).AdminSupportPage,
}));
// Likewise the deals waiting on brands (escalations), visited when the overview points there.
const AdminWaitingPage = retryableLazy(async () => ({
  default: (await import('./waiting-page')).AdminWaitingPage,
}));

/** A back-office address below `/admin/`, as the routes under `/admin/*` match it. */
const below = (path: string) => path.slice(paths.admin.length + 1);

/**
 * The back-office's routes, below `/admin/*`. They live in the admin chunk rather than in the
 * app's router, so the landing page's JavaScript carries none of them.
 */
export function AdminRoutes() {
  return useRoutes([
    {
      element: <RequireAdmin />,
      children: [
        {
          element: <AdminShell />,
          children: [
            { index: true, element: <AdminOverviewPage /> },
            { path: below(paths.adminWaitlist), element: <AdminWaitlistPage /> },
            { path: below(paths.adminMail), element: <AdminMailPage /> },
            { path: below(paths.adminAuditLog), element: <AdminAuditLogPage /> },
            { path: below(adminDisputesPath), element: <AdminDisputesPage /> },
            { path: below(adminWaitingPath), element: <AdminWaitingPage /> },
            { path: below(adminSupportPath), element: <AdminSupportPage /> },
            { path: `${below(adminDisputesPath)}/:disputeId`, element: <AdminDisputePage /> },
            { path: '*', element: <Navigate to={paths.admin} replace /> },
          ],
        },
      ],
    },
  ]);
}
