import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DealDto, NoticeSendDto } from '@/api/generated/types.gen';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandReviewPage } from '../components/brand-review-page';
import { CreatorMilestones } from '../components/creator-milestones';
import { dealMoney, milestoneMoney, TOKEN } from './money-fixtures';

const send = (overrides: Partial<NoticeSendDto>): NoticeSendDto => ({
  milestoneId: 'm1',
  kind: 'milestone_funded',
  title: 'Funded: you can start "Reel goes live"',
  to: 'creator',
  channel: 'email',
  at: '2026-11-25T10:00:00.000Z',
  status: 'sent',
  statusAt: '2026-11-25T10:00:05.000Z',
  ...overrides,
});

const funded = milestoneMoney({ state: 'funded', fundedAt: '2026-11-25T10:00:00.000Z' });
const deal = {
  id: 'd1',
  state: 'accepted',
  approvalWindowDays: 7,
  revisionRounds: 2,
  milestones: [funded],
  history: [],
} as unknown as DealDto;

describe('What Paylock sent, per milestone (#39)', () => {
  it('shows the creator each send about the milestone: to whom, how, when, and how it went', async () => {
    server.use(
      http.get(apiUrl('/api/v1/deals/d1/notices'), () =>
        HttpResponse.json({
          items: [
            send({ kind: 'funding_due', title: 'Fund "Reel goes live"', to: 'brand' }),
            send({ channel: 'in_app', status: 'delivered' }),
            send({ status: 'retrying' }),
            send({ milestoneId: null, kind: 'deal_accepted', title: 'Accepted' }),
          ],
        }),
      ),
    );
    renderWithProviders(<CreatorMilestones deal={deal} />);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Sent by Paylock (3)'));
    const list = screen.getByRole('list', { name: 'Sent by Paylock about Reel goes live' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Fund "Reel goes live"to the brand by e-mail· sent25 Nov 2026, 15:30 IST',
      'Funded: you can start "Reel goes live"to you in the app· delivered25 Nov 2026, 15:30 IST',
      'Funded: you can start "Reel goes live"to you by e-mail· failed, retrying25 Nov 2026, 15:30 IST',
    ]);
  });

  it('shows the brand, on its review page, what was sent to it', async () => {
    let asked: unknown;
    server.use(
      http.post(apiUrl('/api/v1/deal-review/open'), () =>
        HttpResponse.json(
          { statusCode: 409, code: 'DEAL_LINK_CLOSED', message: 'Answered.', requestId: 'r' },
          { status: 409 },
        ),
      ),
      http.post(apiUrl('/api/v1/deal-review/milestones'), () =>
        HttpResponse.json(dealMoney([milestoneMoney()])),
      ),
      http.post(apiUrl('/api/v1/deal-review/notices'), async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({
          items: [
            send({
              kind: 'funding_due',
              title: 'Fund "Reel goes live" (₹1,25,000.00)',
              to: 'brand',
              channel: 'sms',
              status: 'queued',
            }),
          ],
        });
      }),
    );
    renderWithProviders(
      <MemoryRouter initialEntries={[`/deal-review?token=${TOKEN}`]}>
        <BrandReviewPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText('Sent by Paylock (1)'));
    expect(
      within(screen.getByRole('list', { name: 'Sent by Paylock about Reel goes live' })).getByText(
        'to you by SMS',
      ),
    ).toBeVisible();
    expect(screen.getByText('· queued')).toBeVisible();
    expect(asked).toEqual({ token: TOKEN });
  });
});
