import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { AdminWaitingPage } from '../components/waiting-page';

const overdue = {
  id: 'YWRtaW5zOjE',
  kind: 'funding_overdue',
  dealId: 'd-unfunded',
  milestoneId: 'm1',
  title: 'Waiting on Glow Naturals: fund "Signing" (₹25,000.00)',
  body: '"Signing" of "Diwali reel" is still not funded, 7 days after acceptance. Nudge the brand.',
  actionPath: '/admin/waiting',
  actionLabel: 'Open the waiting list',
  at: '2026-11-27T04:30:00.000Z',
  readAt: null,
};

describe('Waiting on brands', () => {
  it('lists the stuck milestones from the admins’ notices, with the deal and what it waits for', async () => {
    server.use(
      http.get(apiUrl('/api/v1/admin/notifications'), () =>
        HttpResponse.json({ items: [overdue], nextCursor: null, unread: 1 }),
      ),
    );
    renderWithProviders(
      <MemoryRouter>
        <AdminWaitingPage />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Stuck milestones and disputes' });
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Waiting on the brand to fund')).toBeVisible();
    expect(within(row).getByText(/7 days after acceptance/)).toBeVisible();
    expect(within(row).getByText('d-unfunded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('says so when nothing is stuck', async () => {
    server.use(
      http.get(apiUrl('/api/v1/admin/notifications'), () =>
        HttpResponse.json({ items: [], nextCursor: null, unread: 0 }),
      ),
    );
    renderWithProviders(
      <MemoryRouter>
        <AdminWaitingPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Nothing is stuck/)).toBeVisible();
  });
});
