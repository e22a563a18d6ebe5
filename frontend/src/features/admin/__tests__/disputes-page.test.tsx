import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DisputeDetailDto, MilestoneMoneyDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { AdminDisputePage, AdminDisputesPage } from '../components/disputes-page';
import { AdminOverviewPage } from '../components/overview-page';

const opened = {
  id: 'dp1',
  openedBy: 'brand' as const,
  reason: 'The reel never tagged us',
  at: '2026-11-26T09:00:00.000Z',
  answer: {
    by: 'creator' as const,
    note: 'Tagged in the <b>caption</b> since noon',
    at: '2026-11-26T09:30:00.000Z',
  },
  resolution: null,
};

const milestone: MilestoneMoneyDto = {
  id: 'm1',
  name: 'Reel goes live',
  releaseCondition: 'The reel is live',
  amountPaise: 1_25_000_00,
  dueDate: '2026-12-20',
  state: 'disputed',
  fundedAt: '2026-11-25T10:00:00.000Z',
  submission: {
    links: ['https://www.instagram.com/reel/abc/'],
    note: 'Live <script>since noon</script>',
    at: '2026-11-25T12:00:00.000Z',
  },
  revisionsUsed: 1,
  approvalDueAt: null,
  approvedAt: null,
  releasedAt: null,
  settledAt: null,
  refundedAt: null,
  dispute: opened,
};

const item = {
  id: 'dp1',
  dealId: 'd1',
  dealTitle: 'Diwali reel',
  brandCompany: 'Chai Point',
  milestoneId: 'm1',
  milestoneName: 'Reel goes live',
  amountPaise: 1_25_000_00,
  openedBy: 'brand' as const,
  openedAt: '2026-11-26T09:00:00.000Z',
  state: 'disputed' as const,
  decision: null,
};

const detail = {
  ...item,
  dispute: milestone.dispute,
  milestone,
  history: [
    {
      at: '2026-11-26T08:00:00.000Z',
      by: 'brand',
      action: 'request_changes',
      from: 'submitted',
      to: 'changes_requested',
      note: 'Please tag @chaipoint',
    },
    {
      at: '2026-11-26T09:00:00.000Z',
      by: 'brand',
      action: 'dispute',
      from: 'submitted',
      to: 'disputed',
      note: null,
    },
  ],
} as unknown as DisputeDetailDto;

function serveDisputes() {
  const resolutions: unknown[] = [];
  let current = detail;
  server.use(
    http.get(apiUrl('/api/v1/admin/disputes'), () =>
      HttpResponse.json({ items: [item], total: 1, page: 1, pageSize: 25 }),
    ),
    http.get(apiUrl('/api/v1/admin/disputes/dp1'), () => HttpResponse.json(current)),
    http.post(apiUrl('/api/v1/admin/disputes/dp1/resolution'), async ({ request }) => {
      const body = (await request.json()) as { decision: 'refund'; note: string };
      resolutions.push(body);
      const resolution = { ...body, at: '2026-11-26T10:00:00.000Z' };
      current = {
        ...detail,
        milestone: { ...milestone, state: 'refunded', dispute: { ...opened, resolution } },
        dispute: { ...opened, resolution },
      };
      return HttpResponse.json(current);
    }),
  );
  return resolutions;
}

function renderAdmin(address: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/admin" element={<AdminOverviewPage />} />
        <Route path="/admin/disputes" element={<AdminDisputesPage />} />
        <Route path="/admin/disputes/:disputeId" element={<AdminDisputePage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('Admin disputes', () => {
  it('lists disputes and opens one with both sides’ notes and the milestone’s history', async () => {
    serveDisputes();
    const user = renderAdmin('/admin/disputes');
    const table = await screen.findByRole('table', { name: 'Disputes' });
    const row = within(table).getByRole('row', { name: /Diwali reel: Reel goes live/ });
    expect(row).toHaveTextContent('Chai Point');
    expect(row).toHaveTextContent('Brand');
    expect(row).toHaveTextContent('₹1,25,000.00');
    expect(row).toHaveTextContent('In dispute');

    await user.click(within(row).getByRole('link', { name: 'Diwali reel: Reel goes live' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute: Reel goes live' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The reel never tagged us')).toBeInTheDocument();
    const answer = screen.getByRole('heading', { level: 3, name: 'Creator’s answer' });
    expect(answer.parentElement).toHaveTextContent('Tagged in the <b>caption</b> since noon');
    expect(screen.getByText('Live <script>since noon</script>')).toBeInTheDocument();
    expect(screen.getByText('Please tag @chaipoint')).toBeInTheDocument();
    expect(
      screen.getByText(/Brand: Changes requested \(Delivered, awaiting approval/),
    ).toBeVisible();
  });

  it('refunds only with a note, after confirming, and shows the decision', async () => {
    const resolutions = serveDisputes();
    const user = renderAdmin('/admin/disputes/dp1');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the brand?' });
    expect(dialog).toHaveTextContent('₹1,25,000.00 goes back to Chai Point');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the brand' }));
    const note = within(dialog).getByLabelText('Note to both sides');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(resolutions).toEqual([]);

    await user.type(note, 'No tag was added after two requests');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the brand' }));
    expect(await screen.findByRole('heading', { name: 'Decided: refunded' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
    expect(resolutions).toEqual([
      { decision: 'refund', note: 'No tag was added after two requests' },
    ]);
  });

  it('shows the reconciliation’s differences on the overview', async () => {
    server.use(
      http.get(apiUrl('/api/v1/admin/waitlist/overview'), () =>
        HttpResponse.json(
          { statusCode: 500, code: 'X', message: 'x', requestId: 'r' },
          { status: 500 },
        ),
      ),
      http.get(apiUrl('/api/v1/admin/invites/waves'), () => HttpResponse.json({ items: [] })),
      http.get(apiUrl('/api/v1/admin/reconciliation'), () =>
        HttpResponse.json({
          ranAt: '2026-11-26T10:00:00.000Z',
          checkedMilestones: 12,
          checkedTransactions: 30,
          differenceCount: 1,
          differences: [
            {
              kind: 'transfer_amount',
              dealId: 'd1',
              milestoneId: 'm1',
              message: 'The transfer on hold differs from the ledger',
              ledgerPaise: 1_25_000_00,
              gatewayPaise: 1_20_000_00,
            },
          ],
        }),
      ),
    );
    renderAdmin('/admin');
    const section = await screen.findByRole('region', { name: 'Payments reconciliation' });
    expect(await within(section).findByText('1 difference')).toBeInTheDocument();
    const row = within(section).getByRole('row', { name: /transfer_amount/ });
    expect(row).toHaveTextContent('₹1,25,000.00');
    expect(row).toHaveTextContent('₹1,20,000.00');
  });
});
