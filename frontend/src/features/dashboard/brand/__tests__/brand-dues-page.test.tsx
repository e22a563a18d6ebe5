import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandDuesPage } from '../brand-dues-page';

describe("the brand's mirror: what it owes and when", () => {
  it('lists funding due, approvals due with their automatic approval time, and paid per creator', async () => {
    server.use(
      http.get(apiUrl('/api/v1/brand/insights/dues'), () =>
        HttpResponse.json({
          fundingDuePaise: 25_000_00,
          approvalsDuePaise: 50_000_00,
          dues: [
            {
              dealId: 'd1',
              milestoneId: 'm1',
              title: 'Diwali reel: Signing',
              amountPaise: 25_000_00,
              kind: 'funding',
              autoApprovesAt: null,
            },
            {
              dealId: 'd1',
              milestoneId: 'm2',
              title: 'Diwali reel: Draft',
              amountPaise: 50_000_00,
              kind: 'approval',
              autoApprovesAt: '2026-12-05T04:30:00.000Z',
            },
          ],
          paid: [{ creatorName: 'Asha Rao', paidPaise: 1_00_000_00, milestones: 2 }],
        }),
      ),
    );
    renderWithProviders(
      <MemoryRouter>
        <BrandDuesPage />
      </MemoryRouter>,
    );
    const dues = await screen.findByRole('table', { name: 'Funding and approvals due' });
    expect(within(dues).getByRole('row', { name: /Signing/ })).toHaveTextContent('Funding due now');
    expect(within(dues).getByRole('row', { name: /Draft/ })).toHaveTextContent(
      'approved automatically 5 Dec, 10:00 am',
    );
    const paid = screen.getByRole('table', { name: 'Paid per creator' });
    expect(within(paid).getByRole('row', { name: /Asha Rao/ })).toHaveTextContent('₹1,00,000.00');
  });

  it('says when nothing is due', async () => {
    server.use(
      http.get(apiUrl('/api/v1/brand/insights/dues'), () =>
        HttpResponse.json({ fundingDuePaise: 0, approvalsDuePaise: 0, dues: [], paid: [] }),
      ),
    );
    renderWithProviders(
      <MemoryRouter>
        <BrandDuesPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Nothing is due/)).toBeInTheDocument();
  });
});
