import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { TransactionsPage } from '../components/transactions-page';
import { WalletPage } from '../components/wallet-page';
import { WithdrawPage } from '../components/withdraw-page';

const figure = (totalPaise: number, dealTitle = 'Diwali launch') => ({
  totalPaise,
  deals: totalPaise ? [{ dealId: 'd1', dealTitle, amountPaise: totalPaise }] : [],
});

const WALLET = {
  held: figure(12_50_000_00),
  releasing: figure(25_000_00),
  paidOut: figure(0),
  paidOutThisMonthPaise: 0,
  releasedByMonth: [
    { month: '2026-10', amountPaise: 0 },
    { month: '2026-11', amountPaise: 25_000_00 },
  ],
};

function renderPage(page: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);
}

describe('the wallet', () => {
  it('shows held, releasing and paid out in Indian notation, each with its deals, and the months as a table', async () => {
    server.use(http.get(apiUrl('/api/v1/wallet'), () => HttpResponse.json(WALLET)));
    renderPage(<WalletPage />);
    const held = await screen.findByRole('region', { name: 'Held' });
    expect(within(held).getAllByText('₹12,50,000.00')).toHaveLength(2);
    expect(within(held).getByRole('link', { name: 'Diwali launch' })).toHaveAttribute(
      'href',
      '/creator/contracts/d1',
    );
    expect(
      within(screen.getByRole('region', { name: 'Paid out' })).getByText('₹0.00'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Money released per month' });
    expect(within(table).getByText('₹25,000.00')).toBeInTheDocument();
  });

  it('says when the figures lag the ledger', async () => {
    server.use(
      http.get(apiUrl('/api/v1/wallet'), () =>
        HttpResponse.json({ ...WALLET, asOf: '2026-11-20T10:00:00.000Z', pendingChanges: 2 }),
      ),
    );
    renderPage(<WalletPage />);
    expect(
      await screen.findByText(/Updating: 2 recent movements are not in these figures yet/),
    ).toHaveAttribute('role', 'status');
  });

  it('shows no freshness line when the figures are current', async () => {
    server.use(
      http.get(apiUrl('/api/v1/wallet'), () =>
        HttpResponse.json({ ...WALLET, asOf: '2026-11-20T10:00:00.000Z', pendingChanges: 0 }),
      ),
    );
    renderPage(<WalletPage />);
    await screen.findByRole('region', { name: 'Held' });
    expect(screen.queryByText(/Updating:/)).not.toBeInTheDocument();
  });

  it('lists the ledger lines from the server, with their running balances', async () => {
    server.use(
      http.get(apiUrl('/api/v1/wallet'), () => HttpResponse.json(WALLET)),
      http.get(apiUrl('/api/v1/wallet/transactions'), () =>
        HttpResponse.json({
          items: [
            {
              transactionId: 't2',
              at: '2026-11-20T10:00:00.000Z',
              kind: 'released',
              dealId: 'd1',
              dealTitle: 'Diwali launch',
              milestoneId: 'm1',
              milestoneName: 'Reel live',
              account: 'releasing',
              amountPaise: 25_000_00,
              balanceAfterPaise: 25_000_00,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        }),
      ),
    );
    renderPage(<TransactionsPage />);
    const table = await screen.findByRole('table', { name: 'Your transactions' });
    expect(within(table).getByText('Released')).toBeInTheDocument();
    expect(within(table).getAllByText('₹25,000.00')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByLabelText('What happened')).toBeInTheDocument();
  });

  it('says where payouts go and when, with no button that moves money', async () => {
    server.use(
      http.get(apiUrl('/api/v1/wallet/payout-destination'), () =>
        HttpResponse.json({
          maskedDestination: 'HDFC0001234 ••••6789',
          schedule:
            'Razorpay Route settles a released transfer to this account automatically on the next working day.',
        }),
      ),
    );
    renderPage(<WithdrawPage />);
    expect(await screen.findByText('HDFC0001234 ••••6789')).toBeInTheDocument();
    expect(screen.getByText(/next working day/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
