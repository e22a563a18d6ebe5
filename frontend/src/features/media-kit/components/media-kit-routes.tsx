import { Navigate, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { EditMediaKitPage } from './edit-media-kit-page';
import { MediaKitAnalyticsPage } from './media-kit-analytics-page';
import { MediaKitPage } from './media-kit-page';
import { PackageRequestsPage } from './package-requests-page';
import { ShareMediaKitPage } from './share-media-kit-page';

/** /creator/media-kit/*: the kit's status, editing it, its views, sharing it, brands' requests. */
export function MediaKitRoutes() {
  return useRoutes([
    { index: true, element: <MediaKitPage /> },
    { path: 'edit', element: <EditMediaKitPage /> },
    { path: 'share', element: <ShareMediaKitPage /> },
    { path: 'analytics', element: <MediaKitAnalyticsPage /> },
    { path: 'requests', element: <PackageRequestsPage /> },
    { path: '*', element: <Navigate to={paths.creatorDashboardOverview} replace /> },
  ]);
}
