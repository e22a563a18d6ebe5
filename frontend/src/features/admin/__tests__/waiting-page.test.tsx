import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
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

describe('Nudging a brand from the waiting list', () => {
  const lapsed = {
    ...overdue,
    id: 'YWRtaW5zOjI',
    kind: 'auto_approved_twice',
    dealId: 'd-lapsed',
    title: 'Waiting on Glow Naturals: two approval windows ran out',
    body: 'Glow Naturals let the approval window of "Draft" of "Diwali reel" run out (7 days after the work was submitted), the second time on this deal. Nudge the brand.',
  };
  const disputed = { ...overdue, id: 'YWRtaW5zOjM', kind: 'dispute_opened', dealId: 'd-disputed' };

  function renderList() {
    server.use(
      http.get(apiUrl('/api/v1/admin/notifications'), () =>
        HttpResponse.json({ items: [lapsed, disputed], nextCursor: null, unread: 2 }),
      ),
    );
    renderWithProviders(
      <MemoryRouter>
        <AdminWaitingPage />
        <Toaster />
      </MemoryRouter>,
    );
  }

  it('sends the admin’s note for the deal and says by which channels it went', async () => {
    let sent: { dealId?: string; body?: unknown } = {};
    server.use(
      http.post(apiUrl('/api/v1/admin/waiting/:dealId/nudges'), async ({ request, params }) => {
        sent = { dealId: String(params.dealId), body: await request.json() };
        return HttpResponse.json(
          {
            dealId: 'd-lapsed',
            milestoneId: 'm2',
            sentAt: '2026-11-27T06:30:00.000Z',
            channels: ['in_app', 'sms'],
          },
          { status: 201 },
        );
      }),
    );
    renderList();
    const table = await screen.findByRole('table', { name: 'Stuck milestones and disputes' });
    expect(within(table).getByText('Two approval windows ran out')).toBeVisible();
    // A dispute is not the brand's to be nudged about.
    expect(within(table).getAllByRole('button', { name: /^Nudge the brand/ })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /^Nudge the brand/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nudge the brand' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the nudge' }));
    expect(await within(dialog).findByText('Write the note the brand will read')).toBeVisible();
    await user.type(
      within(dialog).getByLabelText('Note to the brand'),
      '  Please review the draft.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send the nudge' }));
    expect(await screen.findByText('Nudge sent by its notifications, SMS')).toBeVisible();
    expect(sent).toEqual({ dealId: 'd-lapsed', body: { message: 'Please review the draft.' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the deal was nudged today', async () => {
    server.use(
      http.post(apiUrl('/api/v1/admin/waiting/:dealId/nudges'), () =>
        HttpResponse.json(
          {
            statusCode: 429,
            code: 'DEAL_NUDGED_TODAY',
            message: 'This brand was nudged about this deal today already. Try again tomorrow.',
          },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
    );
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Nudge the brand/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nudge the brand' });
    await user.type(within(dialog).getByLabelText('Note to the brand'), 'Hello again');
    await user.click(within(dialog).getByRole('button', { name: 'Send the nudge' }));
    expect(
      await screen.findByText(
        'This brand was nudged about this deal today already. Try again tomorrow.',
      ),
    ).toBeVisible();
  });
});
