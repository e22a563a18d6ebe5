import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DealMoneyDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandReviewPage } from '../components/brand-review-page';
import { dealMoney, milestoneMoney, submitted, TOKEN } from './money-fixtures';

type Body = Record<string, unknown>;

const funded = milestoneMoney({
  id: 'm1',
  name: 'Signing',
  state: 'funded',
  amountPaise: 25_000_00,
  fundedAt: '2026-11-25T10:00:00.000Z',
});
const approved = milestoneMoney({
  id: 'm2',
  name: 'Draft',
  state: 'approved',
  amountPaise: 50_000_00,
  approvedAt: '2026-11-26T10:00:00.000Z',
});

const proposal = {
  by: 'creator' as const,
  at: '2026-11-27T09:30:00.000Z',
  reason: 'The <b>launch</b> was called off.',
};

/** The brand's link of an accepted deal, answering `first`; each move answers `after`. */
function serve(first: DealMoneyDto, after: DealMoneyDto) {
  const calls: { path: string; body: Body }[] = [];
  server.use(
    http.post(apiUrl('/api/v1/deal-review/open'), () =>
      HttpResponse.json(
        { statusCode: 409, code: 'DEAL_LINK_CLOSED', message: 'Answered.', requestId: 'r' },
        { status: 409 },
      ),
    ),
    http.post(apiUrl('/api/v1/deal-review/milestones'), () => HttpResponse.json(first)),
    http.post(apiUrl('/api/v1/deal-review/cancellation/:move'), async ({ request, params }) => {
      calls.push({ path: String(params.move), body: (await request.json()) as Body });
      return HttpResponse.json(after);
    }),
    http.post(apiUrl('/api/v1/deal-review/cancellation'), async ({ request }) => {
      calls.push({ path: 'propose', body: (await request.json()) as Body });
      return HttpResponse.json(after);
    }),
  );
  return calls;
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/deal-review?token=${TOKEN}`]}>
      <BrandReviewPage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('Cancelling an accepted deal on the brand’s review page', () => {
  it('shows the creator’s proposal as text and agrees after saying what happens to the money', async () => {
    const calls = serve(
      { ...dealMoney([funded, approved]), cancellation: proposal },
      {
        ...dealMoney([{ ...funded, state: 'refunded' }, approved]),
        state: 'cancelled',
        cancelledByAgreement: {
          proposedBy: 'creator',
          reason: proposal.reason,
          agreedAt: '2026-11-27T10:00:00.000Z',
        },
      },
    );
    const user = renderPage();

    const section = await screen.findByRole('region', { name: 'Cancelling the deal' });
    expect(within(section).getByText(/The creator proposed to cancel this deal/)).toBeVisible();
    expect(within(section).getByText('The <b>launch</b> was called off.')).toBeVisible();
    expect(
      within(section).getByText(
        /₹25,000.00 of funded milestones is refunded to the brand; ₹50,000.00 of approved milestones is still paid to the creator/,
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Agree to cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the deal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Agree and cancel the deal' }));

    expect(await screen.findByRole('region', { name: 'Cancelled by agreement' })).toBeVisible();
    expect(calls).toEqual([{ path: 'agree', body: { token: TOKEN } }]);
    const card = screen.getByRole('listitem', { name: 'Signing' });
    expect(within(card).getByText('Refunded')).toBeVisible();
  });

  it('proposes with a reason (checked before sending), and withdraws its own proposal', async () => {
    const calls = serve(dealMoney([funded]), {
      ...dealMoney([funded]),
      cancellation: { by: 'brand', at: '2026-11-27T09:30:00.000Z', reason: 'Budget cut' },
    });
    const user = renderPage();

    const section = await screen.findByRole('region', { name: 'Cancelling the deal' });
    await user.click(within(section).getByRole('button', { name: /Propose cancellation/ }));
    const reason = within(section).getByLabelText('Why should the deal be cancelled?');
    await user.type(reason, 'no');
    await user.click(within(section).getByRole('button', { name: 'Send the proposal' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByText(/at least 3 characters/)).toBeVisible();
    expect(calls).toEqual([]);

    await user.clear(reason);
    await user.type(reason, '  Budget cut  ');
    await user.click(within(section).getByRole('button', { name: 'Send the proposal' }));
    // The open proposal now comes first on the page.
    expect(await screen.findByText(/You proposed to cancel this deal/)).toBeVisible();
    expect(calls).toEqual([{ path: 'propose', body: { token: TOKEN, reason: 'Budget cut' } }]);
    const open = screen.getByRole('region', { name: 'Cancelling the deal' });
    expect(within(open).getByRole('button', { name: 'Withdraw the proposal' })).toBeEnabled();
    expect(within(open).queryByRole('button', { name: 'Agree to cancel' })).toBeNull();
  });

  it('cannot propose while a delivery waits for an answer, and says why', async () => {
    serve(dealMoney([submitted({ name: 'Reel goes live' })]), dealMoney([]));
    renderPage();

    const section = await screen.findByRole('region', { name: 'Cancelling the deal' });
    const propose = within(section).getByRole('button', { name: /Propose cancellation/ });
    expect(propose).toBeDisabled();
    expect(propose).toHaveAccessibleDescription(
      /“Reel goes live” is delivered and waiting for the brand’s answer/,
    );
  });
});
