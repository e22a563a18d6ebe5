import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DealMoneyDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { CHECKOUT_TOKEN_KEY } from '../api/money-queries';
import { BrandReviewPage } from '../components/brand-review-page';
import { dealMoney, disputed, milestoneMoney, submitted, TOKEN } from './money-fixtures';

type Body = Record<string, unknown>;

/** The review link of an accepted deal: the review answers "closed", the payments open. */
function serveMoney(answers: DealMoneyDto[]) {
  const calls: { path: string; body: Body }[] = [];
  let index = 0;
  const record = async (path: string, request: Request) => {
    calls.push({ path, body: (await request.json()) as Body });
  };
  server.use(
    http.post(apiUrl('/api/v1/deal-review/open'), () =>
      HttpResponse.json(
        { statusCode: 409, code: 'DEAL_LINK_CLOSED', message: 'Answered.', requestId: 'r' },
        { status: 409 },
      ),
    ),
    http.post(apiUrl('/api/v1/deal-review/milestones'), async ({ request }) => {
      await record('milestones', request);
      const answer = answers[Math.min(index, answers.length - 1)];
      index += 1;
      return HttpResponse.json(answer);
    }),
    http.post(apiUrl('/api/v1/deal-review/milestones/funding'), async ({ request }) => {
      await record('funding', request);
      return HttpResponse.json({
        action: 'https://checkout.example.test/pay',
        method: 'POST',
        fields: { order_id: 'order_1', callback_url: 'https://paylock.example/cb' },
      });
    }),
    http.post(apiUrl('/api/v1/deal-review/milestones/approve'), async ({ request }) => {
      await record('approve', request);
      return HttpResponse.json(dealMoney([submitted({ state: 'released' })]));
    }),
    http.post(apiUrl('/api/v1/deal-review/milestones/dispute-answer'), async ({ request }) => {
      await record('dispute-answer', request);
      const disputed = answers[0]?.milestones[0];
      if (!disputed?.dispute) throw new Error('no dispute to answer');
      const answer = { by: 'brand' as const, note: 'Brief attached', at: '2026-11-26T10:00:00Z' };
      return HttpResponse.json(
        dealMoney([{ ...disputed, dispute: { ...disputed.dispute, answer } }]),
      );
    }),
    http.post(apiUrl('/api/v1/deal-review/milestones/request-changes'), async ({ request }) => {
      await record('request-changes', request);
      return HttpResponse.json(
        dealMoney([submitted({ state: 'changes_requested', revisionsUsed: 1 })]),
      );
    }),
  );
  return calls;
}

function renderAt(address: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <BrandReviewPage />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('The brand’s payments on the review link', () => {
  it('funds a pending milestone through a hidden form posted to the hosted checkout', async () => {
    const calls = serveMoney([dealMoney([milestoneMoney()])]);
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const user = renderAt(`/deal-review?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: /Payments: Diwali reel/ }));
    const card = screen.getByRole('listitem', { name: 'Reel goes live' });
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(card).getByText('₹1,25,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/escrow|guarantee/i)).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /Fund milestone/ }));
    await vi.waitFor(() => {
      expect(submit).toHaveBeenCalledOnce();
    });
    expect(calls.find((call) => call.path === 'funding')?.body).toEqual({
      token: TOKEN,
      milestoneId: 'm1',
    });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://checkout.example.test/pay');
    expect(form.method).toBe('post');
    expect(new FormData(form).get('order_id')).toBe('order_1');
    expect(window.sessionStorage.getItem(CHECKOUT_TOKEN_KEY)).toBe(TOKEN);
  });

  it('back from the checkout: says the payment is being secured until the milestone is funded', async () => {
    window.sessionStorage.setItem(CHECKOUT_TOKEN_KEY, TOKEN);
    const calls = serveMoney([
      dealMoney([milestoneMoney()]),
      dealMoney([milestoneMoney({ state: 'funded', fundedAt: '2026-11-25T10:00:00.000Z' })]),
    ]);
    renderAt('/deal-review?payment=success&milestone=m1');

    expect(
      await screen.findByText('Payment received — securing it with Razorpay… (Reel goes live)'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Payment secured with Razorpay for “Reel goes live”.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment secured')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: TOKEN });
    // The token leaves the tab's storage once read back.
    expect(window.sessionStorage.getItem(CHECKOUT_TOKEN_KEY)).toBeNull();
  });

  it('back from a failed checkout: says so and offers to pay again', async () => {
    window.sessionStorage.setItem(CHECKOUT_TOKEN_KEY, TOKEN);
    serveMoney([dealMoney([milestoneMoney()])]);
    renderAt('/deal-review?payment=failed&milestone=m1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment for “Reel goes live” was not completed.',
    );
    expect(screen.getByRole('button', { name: /Fund milestone/ })).toBeEnabled();
  });

  it('without the kept token, a return address asks for the e-mailed link', async () => {
    renderAt('/deal-review?payment=success&milestone=m1');
    expect(
      await screen.findByRole('heading', { name: 'Open the link from your e-mail' }),
    ).toBeInTheDocument();
  });

  it('shows the delivery as text with the approval deadline, and approves after confirming', async () => {
    const calls = serveMoney([dealMoney([submitted()])]);
    const user = renderAt(`/deal-review?token=${TOKEN}`);

    const card = await screen.findByRole('listitem', { name: 'Reel goes live' });
    expect(within(card).getByText('<b>Live</b> since noon')).toBeInTheDocument();
    expect(within(card).getByText(/Please review the delivery by/)).toBeInTheDocument();
    expect(within(card).getByText('2 of 2 rounds of changes left.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this delivery?' });
    expect(dialog).toHaveTextContent('releases ₹1,25,000.00 to the creator');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and release' }));

    expect(await screen.findByText('Released')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'approve')?.body).toEqual({
      token: TOKEN,
      milestoneId: 'm1',
    });
  });

  it('asks for a note before requesting changes, and hides the button once the rounds are used', async () => {
    const calls = serveMoney([dealMoney([submitted()])]);
    const user = renderAt(`/deal-review?token=${TOKEN}`);

    const card = await screen.findByRole('listitem', { name: 'Reel goes live' });
    await user.click(within(card).getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    const note = within(dialog).getByLabelText('What should change?');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('What should change? is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'request-changes')).toBe(false);

    await user.type(note, 'Tag @chaipoint in the caption');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Changes requested', { selector: 'span' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'request-changes')?.body).toEqual({
      token: TOKEN,
      milestoneId: 'm1',
      note: 'Tag @chaipoint in the caption',
    });
  });

  it('offers no more changes once the contract’s rounds are used', async () => {
    serveMoney([dealMoney([submitted({ revisionsUsed: 2 })])]);
    renderAt(`/deal-review?token=${TOKEN}`);
    const card = await screen.findByRole('listitem', { name: 'Reel goes live' });
    expect(within(card).queryByRole('button', { name: 'Request changes' })).toBeNull();
    expect(within(card).getByText(/rounds of changes are used up/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Dispute' })).toBeInTheDocument();
  });

  it('answers the creator’s dispute once, with a note, then shows the answer', async () => {
    const creatorsDispute = disputed('creator', { reason: 'Not paid after 3 weeks' });
    const calls = serveMoney([dealMoney([creatorsDispute])]);
    const user = renderAt(`/deal-review?token=${TOKEN}`);

    const card = await screen.findByRole('listitem', { name: 'Reel goes live' });
    await user.click(within(card).getByRole('button', { name: 'Answer the dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the dispute?' });
    await user.type(within(dialog).getByLabelText('Your answer'), 'Brief attached');
    await user.click(within(dialog).getByRole('button', { name: 'Send the answer' }));

    expect(await within(card).findByText(/The brand answered on/)).toBeInTheDocument();
    expect(within(card).getByText('Brief attached')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Answer the dispute' })).toBeNull();
    expect(calls.find((call) => call.path === 'dispute-answer')?.body).toEqual({
      token: TOKEN,
      milestoneId: 'm1',
      note: 'Brief attached',
    });
  });
});
