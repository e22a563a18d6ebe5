import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '../../lib/auth/auth-context';
import { authLoading, signedIn, signedOut } from '../../testing/auth-states';
import { TestProviders } from '../../testing/test-providers';
import { routes } from '../router';

function renderRoute(path: string, auth: AuthState = signedOut) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { pathname: () => router.state.location.pathname };
}

describe('routes', () => {
  it.each([
    ['/', 'Paylock'],
    ['/waitlist', 'Join Waitlist'],
    ['/login', 'Sign in'],
    ['/register', 'Create your account'],
  ])('%s is open to signed-out visitors', async (path, heading) => {
    const { pathname } = renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(pathname()).toBe(path);
  });

  it('offers the waitlist from the landing page', async () => {
    renderRoute('/');
    expect(await screen.findByText("Paylock it, Don't Chase it")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute(
      'href',
      '/waitlist',
    );
  });

  it.each(['/creator/dashboard', '/creator/dashboard/overview', '/creator/contracts/'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { pathname } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByText('Please sign in to access this page.')).toBeInTheDocument();
      expect(pathname()).toBe('/login');
    },
  );

  it.each(['/login', '/register'])(
    'sends a signed-in user from %s to the dashboard',
    async (path) => {
      const { pathname } = renderRoute(path, signedIn);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(screen.getByText('You are already signed in')).toBeInTheDocument();
      expect(pathname()).toBe('/creator/dashboard/overview');
    },
  );

  it.each(['/creator/dashboard', '/creator/dashboard/'])(
    'rewrites %s to the overview',
    async (path) => {
      const { pathname } = renderRoute(path, signedIn);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(pathname()).toBe('/creator/dashboard/overview');
    },
  );

  it('rewrites / to the overview for a signed-in user', async () => {
    const { pathname } = renderRoute('/', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/creator/dashboard/overview');
  });

  it('shows the landing page at / while the session is being resolved', async () => {
    const { pathname } = renderRoute('/', authLoading);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paylock' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it.each(['/creator/contracts/', '/creator/contracts'])(
    'lists every contract at %s inside the dashboard shell',
    async (path) => {
      renderRoute(path, signedIn);
      const main = await screen.findByRole('main');
      expect(
        await within(main).findByRole('heading', { level: 1, name: 'Contracts' }),
      ).toBeInTheDocument();
      expect(await within(main).findByText('No deals yet')).toBeInTheDocument();
      expect(within(main).getAllByRole('link', { name: 'New deal' })[0]).toHaveAttribute(
        'href',
        '/creator/contracts/new',
      );
      expect(screen.getByRole('button', { name: 'Test Creator' })).toBeInTheDocument();
    },
  );

  it('starts the first deal from an empty overview', async () => {
    renderRoute('/creator/dashboard/overview', signedIn);
    expect(
      await screen.findByRole('heading', { name: 'Start your first deal' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a deal' })).toHaveAttribute(
      'href',
      '/creator/contracts/new',
    );
  });

  it('opens the New deal form inside the shell', async () => {
    renderRoute('/creator/contracts/new', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'New deal' })).toBeInTheDocument();
    expect(screen.getByText('Deal total')).toBeInTheDocument();
  });

  it("opens the dashboard's analytics, a page of its own, in the shell", async () => {
    const { pathname } = renderRoute('/creator/dashboard/analytics', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(pathname()).toBe('/creator/dashboard/analytics');
  });

  it.each([
    ['/settings', '/creator/settings', 'Settings'],
    ['/creator/settings', '/creator/settings', 'Settings'],
    ['/creator/wallet/nope', '/creator/dashboard/overview', 'Dashboard'],
    ['/nope/deeper', '/creator/dashboard/overview', 'Dashboard'],
  ])('takes a signed-in user from %s to %s, inside the shell', async (path, target, heading) => {
    const { pathname } = renderRoute(path, signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(pathname()).toBe(target);
  });

  it.each(['/creator/dashboard/analytics', '/creator/settings'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { pathname } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(pathname()).toBe('/login');
    },
  );

  it('sends a signed-out visitor from /settings to /', async () => {
    const { pathname } = renderRoute('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paylock' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('shows a loading indicator while the session is being resolved', async () => {
    const { pathname } = renderRoute('/creator/dashboard/overview', authLoading);
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    expect(pathname()).toBe('/creator/dashboard/overview');
  });

  it('sends any other path to /', async () => {
    const { pathname } = renderRoute('/nope/deeper');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paylock' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});
