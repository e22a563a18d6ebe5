import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandReviewPage } from '../components/brand-review-page';
import { dealMoney, milestoneMoney, submitted, TOKEN } from './money-fixtures';

const scrollIntoView = vi.fn();
let moneyBodies: unknown[] = [];

beforeEach(() => {
  // jsdom has no layout, so no scrolling: the page's request to scroll is what is checked.
  Element.prototype.scrollIntoView = scrollIntoView;
  scrollIntoView.mockClear();
  moneyBodies = [];
  server.use(
    http.post(apiUrl('/api/v1/deal-review/open'), () =>
      HttpResponse.json(
        { statusCode: 409, code: 'DEAL_LINK_CLOSED', message: 'Answered.', requestId: 'r' },
        { status: 409 },
      ),
    ),
    http.post(apiUrl('/api/v1/deal-review/milestones'), async ({ request }) => {
      moneyBodies.push(await request.json());
      return HttpResponse.json(
        dealMoney([
          milestoneMoney({ state: 'released', fundedAt: '2026-11-20T10:00:00.000Z' }),
          submitted({ id: 'm2', name: 'Story goes live' }),
        ]),
      );
    }),
    http.post(apiUrl('/api/v1/deal-review/notices'), () => HttpResponse.json({ items: [] })),
  );
});

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

function openAt(address: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <BrandReviewPage />
      <Address />
    </MemoryRouter>,
  );
}

describe('The brand’s review link from a notice (#39)', () => {
  it('opens the payments at the milestone it names, focused, and keeps neither in the address', async () => {
    openAt(`/deal-review?token=${TOKEN}&milestone=m2`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Story goes live' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(scrollIntoView.mock.contexts).toEqual([heading]);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/deal-review$/);
    // The token alone is sent: the milestone only points the page.
    expect(moneyBodies).not.toHaveLength(0);
    expect(moneyBodies).toEqual(moneyBodies.map(() => ({ token: TOKEN })));
  });

  it('without a milestone, opens at the top as before', async () => {
    openAt(`/deal-review?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 2, name: 'Story goes live' });
    await screen.findByRole('button', { name: 'Approve' });
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.body).toHaveFocus();
  });
});
