import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { AuthState } from '@/lib/auth/auth-context';
import { signedIn } from '@/testing/auth-states';
import { TestProviders } from '@/testing/test-providers';
import { DashboardShell } from '../components/dashboard-shell';

/** The dashboard shell at `path`, with a stand-in page that names its address. */
export function renderShell(path: string, { auth = signedIn }: { auth?: AuthState } = {}) {
  const PageStandIn = () => <p>{`Page at ${useLocation().pathname}`}</p>;
  const router = createMemoryRouter(
    [{ element: <DashboardShell />, children: [{ path: '*', element: <PageStandIn /> }] }],
    { initialEntries: [path] },
  );
  render(
    <TestProviders auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { pathname: () => router.state.location.pathname };
}
