import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import type { AuthState } from '@/lib/auth/auth-context';
import { authLoading, signedIn, signedOut } from '@/testing/auth-states';
import { TestProviders } from '@/testing/test-providers';
import { RequireSignedIn, RequireSignedOut } from '../guards';

function Page({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <h1>{`${name} at ${pathname}${search}`}</h1>;
}

function renderGuarded(path: string, auth: AuthState) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RedirectNotice />
            <Outlet />
          </>
        ),
        children: [
          {
            element: <RequireSignedOut />,
            children: [{ path: '/login', element: <Page name="Login" /> }],
          },
          {
            element: <RequireSignedIn />,
            children: [{ path: '/creator/dashboard', element: <Page name="Dashboard" /> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('route guards', () => {
  it.each(['/login', '/creator/dashboard'])(
    'show a loading indicator on %s while the session is resolved',
    (path) => {
      renderGuarded(path, authLoading);
      expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
      expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    },
  );

  it('send a signed-out visitor from the dashboard to /login, saying why', async () => {
    renderGuarded('/creator/dashboard', signedOut);
    expect(await screen.findByRole('heading')).toHaveTextContent('Login at /login');
    expect(screen.getByRole('status')).toHaveTextContent('Please sign in to access this page.');
  });

  it('send a visitor who just signed out to /login without telling them to sign in', async () => {
    renderGuarded('/creator/dashboard', {
      status: 'unauthenticated',
      user: null,
      signedOutByUser: true,
    });
    expect(await screen.findByRole('heading')).toHaveTextContent('Login at /login');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('send a signed-in user from /login to the dashboard, saying why', async () => {
    renderGuarded('/login', signedIn);
    expect(await screen.findByRole('heading')).toHaveTextContent('Dashboard at /creator/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('You are already signed in');
  });

  it('let each visitor through to their own pages', async () => {
    renderGuarded('/login', signedOut);
    expect(await screen.findByRole('heading')).toHaveTextContent('Login at /login');
  });

  it('drop the Google flow result from the address once the user is signed in', async () => {
    renderGuarded('/creator/dashboard?signedIn=login&tab=2', signedIn);
    expect(await screen.findByRole('heading')).toHaveTextContent(
      'Dashboard at /creator/dashboard?tab=2',
    );
  });
});
