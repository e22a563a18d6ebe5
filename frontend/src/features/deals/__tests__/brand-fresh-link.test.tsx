import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandReviewPage } from '../components/brand-review-page';
import { TOKEN } from './money-fixtures';

const CHECK_EMAIL =
  "If this link belongs to a deal accepted by e-mail, a fresh link to the deal's payments is on its way to the address the deal was accepted with. It can take a few minutes.";

/** An accepted deal's link: the review answers "closed"; the payments answer `money`. */
function serve(money: { status: number; code: string; message: string }) {
  const asked: unknown[] = [];
  server.use(
    http.post(apiUrl('/api/v1/deal-review/open'), () =>
      HttpResponse.json(
        { statusCode: 409, code: 'DEAL_LINK_CLOSED', message: 'Answered.', requestId: 'r' },
        { status: 409 },
      ),
    ),
    http.post(apiUrl('/api/v1/deal-review/milestones'), () =>
      HttpResponse.json(
        { statusCode: money.status, requestId: 'r', ...money },
        {
          status: money.status,
        },
      ),
    ),
    http.post(apiUrl('/api/v1/deal-review/fresh-link'), async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ next: 'check-email', message: CHECK_EMAIL });
    }),
  );
  return asked;
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

describe('An expired link to a deal’s payments (#36)', () => {
  it('offers “Send me a fresh link”, asks with the page’s link, and shows the answer as given', async () => {
    const asked = serve({
      status: 410,
      code: 'DEAL_MONEY_LINK_EXPIRED',
      message: 'This link has expired.',
    });
    const user = renderPage();

    expect(await screen.findByText("This link to the deal's payments has expired.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send me a fresh link' }));

    expect(await screen.findByText(CHECK_EMAIL)).toBeVisible();
    expect(asked).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('button', { name: 'Send me a fresh link' })).not.toBeInTheDocument();
  });

  it('tells the holder of another party’s link why it cannot act on the money, with no fresh-link offer', async () => {
    serve({
      status: 403,
      code: 'NOT_THE_DEALS_BRAND',
      message: 'This link does not speak for the party that accepted this deal.',
    });
    renderPage();

    expect(
      await screen.findByText('This link does not speak for the party that accepted this deal.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send me a fresh link' })).not.toBeInTheDocument();
  });
});
