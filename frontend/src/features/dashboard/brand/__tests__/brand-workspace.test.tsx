import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { NotificationPagesContext } from '@/components/layouts/top-bar-bell';
import { RedirectNotice } from '@/components/ui/redirect-notice';
import type { AuthState } from '@/lib/auth/auth-context';
import { signedIn, signedOut } from '@/testing/auth-states';
import { setViewportWidth } from '@/testing/match-media';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { DashboardShell } from '../../components/dashboard-shell';
import { BrandRoutes } from '../brand-routes';

const signedInBrand: AuthState = {
  status: 'authenticated',
  user: { displayName: 'Meera Iyer', email: '', photoURL: null, roles: ['brand'] },
};

const PROFILE_URL = apiUrl('/api/v1/brand/profile');
const DEALS_URL = apiUrl('/api/v1/brand/deals');
const REVIEW_LINK_URL = apiUrl('/api/v1/brand/deals/:dealId/review-link');
const TOKEN = 'A'.repeat(43);
const dealLine = (overrides: object) => ({
  id: 'd-1',
  title: 'Diwali reel',
  state: 'sent',
  campaign: 'Diwali 2026',
  creatorName: 'Asha Rao',
  totalPaise: 12500000,
  milestoneCount: 3,
  sentAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  linkExpiresAt: '2026-12-04T10:00:00.000Z',
  acceptedBy: null,
  ...overrides,
});
const COMPLETE = {
  phone: '+919876543210',
  companyName: 'Chai Point Media',
  contactName: 'Meera Iyer',
  profileRequired: false,
};
const NEW_ACCOUNT = { ...COMPLETE, companyName: null, contactName: null, profileRequired: true };

function Where({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <h1>{`${name} at ${pathname}${search}`}</h1>;
}

/** The app's routes that matter here: /brand/*, the creator shell, /login. */
function renderAt(path: string, auth: AuthState, notificationPages?: ReactNode) {
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
            path: '/brand/*',
            element: (
              <NotificationPagesContext value={notificationPages}>
                <BrandRoutes />
              </NotificationPagesContext>
            ),
          },
          { path: '/login', element: <Where name="Login" /> },
          { path: '/deal-review', element: <Where name="Review page" /> },
          {
            element: <DashboardShell />,
            children: [{ path: '/creator/*', element: <Where name="Creator page" /> }],
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
  return { location: () => router.state.location };
}

function answerProfile(profile: object) {
  const saved: unknown[] = [];
  let current = profile;
  server.use(
    http.get(DEALS_URL, () => HttpResponse.json({ items: [] })),
    http.get(PROFILE_URL, () => HttpResponse.json(current)),
    http.put(PROFILE_URL, async ({ request }) => {
      const body = (await request.json()) as object;
      saved.push(body);
      current = { ...current, ...body, profileRequired: false };
      return HttpResponse.json(current);
    }),
  );
  return saved;
}

describe('the brand workspace guards', () => {
  it('send a creator away from /brand to their dashboard, saying why', async () => {
    renderAt('/brand/deals', signedIn);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Creator page at /creator/dashboard/overview',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The brand workspace is for brand accounts only.',
    );
  });

  it('send a brand from the creator dashboard to /brand', async () => {
    answerProfile(COMPLETE);
    const { location } = renderAt('/creator/dashboard/overview', signedInBrand);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    expect(location().pathname).toBe('/brand/deals');
  });

  it('send a signed-out visitor to the brand sign-in', async () => {
    renderAt('/brand', signedOut);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Login at /login?as=brand',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Please sign in to access this page.');
  });

  it("drop a sign-in's ?signedIn= from the address", async () => {
    answerProfile(COMPLETE);
    const { location } = renderAt('/brand?signedIn=login', signedInBrand);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    expect(location().search).toBe('');
  });
});

describe('the brand workspace', () => {
  it('asks a new account for its company and contact names once, then shows its deals', async () => {
    const saved = answerProfile(NEW_ACCOUNT);
    const { location } = renderAt('/brand', signedInBrand);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Paylock' }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/brand/welcome');
    expect(screen.getByText(/\+91 98765 43210/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/Company name/)).toHaveAccessibleDescription(
      'Company name is required',
    );
    expect(screen.getByLabelText(/Contact name/)).toHaveAccessibleDescription(
      'Contact name is required',
    );
    expect(saved).toEqual([]);

    await userEvent.type(screen.getByLabelText(/Company name/), '  Chai Point Media ');
    await userEvent.type(screen.getByLabelText(/Contact name/), 'Meera Iyer');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    expect(saved).toEqual([{ companyName: 'Chai Point Media', contactName: 'Meera Iyer' }]);
    expect(
      await screen.findByText('Deals that creators send to your number will appear here.'),
    ).toBeInTheDocument();
  });

  it('has its own sidebar: Deals and Company profile', async () => {
    setViewportWidth(1280);
    answerProfile(COMPLETE);
    renderAt('/brand/deals', signedInBrand);
    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar' });
    expect(screen.getByRole('button', { name: 'Deals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company profile' })).toHaveAttribute(
      'href',
      '/brand/profile',
    );
    expect(sidebar).not.toHaveTextContent('Wallet');
  });

  it('shows the notifications pages the app provides at /brand/notifications', async () => {
    setViewportWidth(1280);
    answerProfile(COMPLETE);
    renderAt('/brand/notifications/preferences', signedInBrand, <Where name="Notifications" />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Notifications at /brand/notifications/preferences',
    );
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toHaveTextContent('Notifications');
  });

  it('shows and edits the company profile', async () => {
    const saved = answerProfile(COMPLETE);
    renderAt('/brand/profile', signedInBrand);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company profile' }),
    ).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    const company = screen.getByLabelText(/Company name/);
    expect(company).toHaveValue('Chai Point Media');
    await userEvent.clear(company);
    await userEvent.type(company, 'Chai Point Studios');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Chai Point Studios')).toBeInTheDocument();
    expect(saved).toEqual([{ companyName: 'Chai Point Studios', contactName: 'Meera Iyer' }]);
  });

  it('lists the deals sent to the number, newest first, and opens one on the review page with a fresh link', async () => {
    answerProfile(COMPLETE);
    const asked: string[] = [];
    server.use(
      http.get(DEALS_URL, () =>
        HttpResponse.json({
          items: [
            dealLine({}),
            dealLine({
              id: 'd-0',
              title: 'Holi <b>story</b>',
              state: 'accepted',
              campaign: null,
              totalPaise: 5000050,
              milestoneCount: 1,
            }),
          ],
        }),
      ),
      http.post(REVIEW_LINK_URL, ({ params }) => {
        asked.push(String(params.dealId));
        return HttpResponse.json({ token: TOKEN, expiresAt: '2026-11-20T11:00:00.000Z' });
      }),
    );
    const { location } = renderAt('/brand/deals', signedInBrand);
    const list = await screen.findByRole('list', { name: 'Deals sent to you' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Diwali reel',
      'Holi <b>story</b>',
    ]);
    expect(items[0]).toHaveTextContent('Awaiting your answer');
    expect(items[0]).toHaveTextContent('₹1,25,000.00');
    expect(items[0]).toHaveTextContent('From Asha Rao · Diwali 2026');
    expect(items[0]).toHaveTextContent('3 milestones');
    expect(items[1]).toHaveTextContent('Accepted');
    expect(items[1]).toHaveTextContent('₹50,000.50');
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();

    await userEvent.click(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Review and respond' }),
    );
    // Found by its name: until the fresh link is back, the workspace's own heading is the h1.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Review page at /deal-review?token=${TOKEN}`,
      }),
    ).toBeInTheDocument();
    expect(asked).toEqual(['d-1']);
    expect(location().pathname).toBe('/deal-review');
  });

  it("opens at the deal a notice's link names, focused, and its payments at the notice's milestone", async () => {
    answerProfile(COMPLETE);
    // jsdom has no layout, so no scrolling: the page's request to scroll is what is checked.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    server.use(
      http.get(DEALS_URL, () =>
        HttpResponse.json({
          items: [
            dealLine({}),
            dealLine({
              id: 'd-0',
              title: 'Holi story',
              state: 'accepted',
              acceptedBy: 'this-workspace',
            }),
          ],
        }),
      ),
      http.post(REVIEW_LINK_URL, () =>
        HttpResponse.json({ token: TOKEN, expiresAt: '2026-11-20T11:00:00.000Z' }),
      ),
    );
    const { location } = renderAt('/brand/deals?deal=d-0&milestone=m2', signedInBrand);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Holi story' });
    await vi.waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(scrollIntoView.mock.contexts).toEqual([heading]);

    await userEvent.click(screen.getByRole('button', { name: 'Open payments' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Review page at /deal-review?token=${TOKEN}&milestone=m2`,
      }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/deal-review');
  });

  it('offers to handle a deal accepted by e-mail here: the claim link goes to that address, and opening it here claims the deal', async () => {
    answerProfile(COMPLETE);
    const claimed: unknown[] = [];
    const asked: string[] = [];
    server.use(
      http.get(DEALS_URL, () =>
        HttpResponse.json({
          items: [dealLine({ id: 'd-9', state: 'accepted', acceptedBy: 'email' })],
        }),
      ),
      http.post(apiUrl('/api/v1/brand/deals/:dealId/claim'), ({ params }) => {
        asked.push(String(params.dealId));
        return new HttpResponse(null, { status: 202 });
      }),
      http.post(apiUrl('/api/v1/brand/deals/claims'), async ({ request }) => {
        claimed.push(await request.json());
        return HttpResponse.json({ dealId: 'd-9' });
      }),
    );
    const { location } = renderAt(`/brand/deals?claim=${TOKEN}`, signedInBrand);
    expect(
      await screen.findByText(
        'The deal is now handled from this workspace: open its payments below.',
      ),
    ).toBeInTheDocument();
    expect(claimed).toEqual([{ token: TOKEN }]);
    expect(location().search).toBe('');

    const list = await screen.findByRole('list', { name: 'Deals sent to you' });
    await userEvent.click(within(list).getByRole('button', { name: 'Handle it here' }));
    expect(
      await screen.findByText(/We e-mailed a link to the address this deal was accepted with/),
    ).toBeInTheDocument();
    expect(asked).toEqual(['d-9']);
  });
});
