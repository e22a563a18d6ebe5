import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { WithQueryClient } from '../../components/query/with-query-client';
import { RedirectNotice } from '../../components/ui/redirect-notice';
import { env } from '../../config/env';

// Secondary UI: loaded beside the page rather than in the entry chunk.
const PreviewBanner = lazy(async () => ({
  default: (await import('../../components/preview-banner/preview-banner')).PreviewBanner,
}));

export function RootLayout() {
  return (
    <>
      <RedirectNotice />
      <Outlet />
      {env.previewBanner && (
        <>
          {/* Room at the end of every page, so the last of it can scroll clear of the banner. */}
          <div aria-hidden="true" data-testid="preview-banner-room" className="h-14" />
          <Suspense fallback={null}>
            <WithQueryClient>
              <PreviewBanner />
            </WithQueryClient>
          </Suspense>
        </>
      )}
    </>
  );
}
