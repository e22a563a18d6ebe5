import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import type { AuthState } from '@/lib/auth/auth-context';
import { signedIn, signedInAsAdmin, signedOut } from '@/testing/auth-states';
import { TestProviders } from '@/testing/test-providers';
import { RequireAdmin } from '@/features/admin/components/require-admin';

function Page({ name }: { name: string }) {
  const { pathname } = useLocation();
  return <h1>{`${name} at ${pathname}`}</h1>;
}

function renderAdminArea(auth: AuthState) {
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
          { path: '/login', element: <Page name="Login" /> },
          { path: '/creator/dashboard/overview', element: <Page name="Dashboard" /> },
          {
            element: <RequireAdmin />,
            children: [{ path: '/admin/waitlist', element: <Page name="Admin" /> }],
          },
        ],
      },
    ],
    { initialEntries: ['/admin/waitlist'] },
  );
  render(
    <TestProviders auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('RequireAdmin', () => {
  it('lets an admin in', () => {
    renderAdminArea(signedInAsAdmin);
    expect(screen.getByRole('heading')).toHaveTextContent('Admin at /admin/waitlist');
  });

  it('sends a creator back to the dashboard, saying why', () => {
    renderAdminArea(signedIn);
    expect(screen.getByRole('heading')).toHaveTextContent(
      'Dashboard at /creator/dashboard/overview',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The admin area is for Paylock admins only.',
    );
  });

  it('sends a signed-out visitor to sign in', () => {
    renderAdminArea(signedOut);
    expect(screen.getByRole('heading')).toHaveTextContent('Login at /login');
    expect(screen.getByRole('status')).toHaveTextContent('Please sign in to access this page.');
  });
});
