import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@/lib/auth/auth-context';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { NotificationBell } from '../components/notification-bell';
import { NotificationPreferencesPage } from '../components/notification-preferences';

const asha: AuthUser = {
  displayName: 'Asha Rao',
  email: 'asha@example.com',
  photoURL: null,
  roles: ['creator'] as const,
};

const funded = {
  id: 'bm90aWNlLTE',
  kind: 'milestone_funded',
  dealId: 'd1',
  milestoneId: 'm1',
  title: 'Funded: you can start "Signing"',
  body: 'Glow Naturals funded ₹25,000.00 for "Signing".',
  actionPath: '/creator/contracts/d1',
  actionLabel: 'Open the deal',
  at: '2026-11-27T04:30:00.000Z',
  readAt: null,
};

function serveNotifications() {
  let unread = 3;
  const marked: string[] = [];
  server.use(
    http.get(apiUrl('/api/v1/notifications/unread-count'), () => HttpResponse.json({ unread })),
    http.get(apiUrl('/api/v1/notifications'), () =>
      HttpResponse.json({ items: [funded], nextCursor: null, unread }),
    ),
    http.post(apiUrl('/api/v1/notifications/:id/read'), ({ params }) => {
      marked.push(String(params.id));
      unread -= 1;
      return HttpResponse.json({ marked: 1, unread });
    }),
  );
  return marked;
}

const renderBell = () =>
  renderWithProviders(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
    { auth: { status: 'authenticated', user: asha } },
  );

describe('the bell', () => {
  it('shows the unread count from the server, not a fixed number', async () => {
    serveNotifications();
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
  });

  it('opens the latest notices with their action link, and marks one read', async () => {
    const marked = serveNotifications();
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('region', { name: 'Latest notifications' });
    expect(await within(panel).findByText('Funded: you can start "Signing"')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Open the deal' })).toHaveAttribute(
      'href',
      '/creator/contracts/d1',
    );
    await user.click(within(panel).getByRole('button', { name: 'Mark read' }));
    expect(marked).toEqual(['bm90aWNlLTE']);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  });
});

describe('the notification settings', () => {
  it('turns reminders by e-mail off', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(apiUrl('/api/v1/notifications/preferences'), () =>
        HttpResponse.json({ remindersByEmail: true, remindersBySms: true }),
      ),
      http.put(apiUrl('/api/v1/notifications/preferences'), async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json(body as object);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferencesPage />, {
      auth: { status: 'authenticated', user: asha },
    });
    await user.click(await screen.findByRole('checkbox', { name: /Reminders by e-mail/ }));
    expect(saved).toEqual([{ remindersByEmail: false, remindersBySms: true }]);
    expect(await screen.findByRole('checkbox', { name: /Reminders by e-mail/ })).not.toBeChecked();
  });
});
