import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@/lib/auth/auth-context';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { NotificationBell } from '../components/notification-bell';
import { NotificationRoutes } from '../components/notifications-page';

const meera: AuthUser = {
  displayName: 'Meera Iyer',
  email: '',
  photoURL: null,
  roles: ['brand'] as const,
};

const fundingDue = {
  id: 'YnJhbmQtbm90aWNl',
  kind: 'funding_due',
  dealId: 'd1',
  milestoneId: 'm1',
  title: 'Fund "Signing" (₹25,000.00)',
  body: 'Asha Rao is waiting for "Signing" of "Diwali reel" to be funded.',
  actionPath: '/brand/deals',
  actionLabel: 'Fund it',
  at: '2026-11-27T04:30:00.000Z',
  readAt: null,
};

function serveBrandNotifications() {
  const saved: unknown[] = [];
  let preferences = { remindersByEmail: true, remindersBySms: true };
  server.use(
    http.get(apiUrl('/api/v1/notifications/unread-count'), () => HttpResponse.json({ unread: 1 })),
    http.get(apiUrl('/api/v1/notifications'), () =>
      HttpResponse.json({ items: [fundingDue], nextCursor: null, unread: 1 }),
    ),
    http.get(apiUrl('/api/v1/notifications/preferences'), () => HttpResponse.json(preferences)),
    http.put(apiUrl('/api/v1/notifications/preferences'), async ({ request }) => {
      preferences = (await request.json()) as typeof preferences;
      saved.push(preferences);
      return HttpResponse.json(preferences);
    }),
  );
  return saved;
}

const asBrand = { auth: { status: 'authenticated', user: meera } } as const;

describe('a brand’s notifications', () => {
  it('the bell’s panel leads to the workspace’s notifications page and settings', async () => {
    serveBrandNotifications();
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/brand/deals']}>
        <NotificationBell />
      </MemoryRouter>,
      asBrand,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Latest notifications' });
    expect(within(panel).getByRole('link', { name: 'All notifications' })).toHaveAttribute(
      'href',
      '/brand/notifications',
    );
    expect(within(panel).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/brand/notifications/preferences',
    );
  });

  it('lists the brand’s notices and turns its SMS reminders off from the same settings', async () => {
    const saved = serveBrandNotifications();
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/brand/notifications']}>
        <Routes>
          <Route path="/brand/notifications/*" element={<NotificationRoutes />} />
        </Routes>
      </MemoryRouter>,
      asBrand,
    );
    const table = await screen.findByRole('table', { name: 'Your notifications' });
    expect(within(table).getByText('Fund "Signing" (₹25,000.00)')).toBeVisible();
    expect(within(table).getByRole('link', { name: 'Fund it' })).toHaveAttribute(
      'href',
      '/brand/deals',
    );
    await user.click(screen.getByRole('link', { name: 'Notification settings' }));
    await user.click(await screen.findByRole('checkbox', { name: /Reminders by SMS/ }));
    expect(saved).toEqual([{ remindersByEmail: true, remindersBySms: false }]);
    expect(await screen.findByRole('checkbox', { name: /Reminders by SMS/ })).not.toBeChecked();
  });

  it('sends an unknown address below the brand’s notifications back to its deals', async () => {
    serveBrandNotifications();
    renderWithProviders(
      <MemoryRouter initialEntries={['/brand/notifications/nowhere']}>
        <Routes>
          <Route path="/brand/notifications/*" element={<NotificationRoutes />} />
          <Route path="/brand/deals" element={<h1>Brand deals</h1>} />
        </Routes>
      </MemoryRouter>,
      asBrand,
    );
    expect(await screen.findByRole('heading', { name: 'Brand deals' })).toBeVisible();
  });
});
