import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealDto } from '@/api/generated/types.gen';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { DealPage } from '../components/deal-page';
import { milestoneMoney } from './money-fixtures';

const signing = milestoneMoney({
  id: 'm1',
  name: 'Signing',
  state: 'released',
  fundedAt: '2026-11-20T10:00:00.000Z',
});
const story = milestoneMoney({
  id: 'm2',
  name: 'Story goes live',
  state: 'funded',
  fundedAt: '2026-11-25T10:00:00.000Z',
});

const deal: DealDto = {
  id: 'd1',
  allowedActions: [],
  approvalWindowDays: 7,
  brand: {
    billing: null,
    companyName: 'Glow Naturals',
    contactEmail: 'priya@glownaturals.in',
    contactMobile: '9876543210',
    contactName: 'Priya',
  },
  brief: 'A Diwali reel',
  campaign: null,
  cancellation: null,
  cancelledByAgreement: null,
  contracts: [],
  createdAt: '2026-11-18T10:00:00.000Z',
  deliverables: [],
  gstApplies: false,
  gstin: null,
  history: [],
  lastError: null,
  linkExpiresAt: null,
  milestones: [signing, story],
  revisionRounds: 2,
  sentAt: '2026-11-18T10:00:00.000Z',
  state: 'accepted',
  title: 'Diwali reel',
  totalPaise: signing.amountPaise + story.amountPaise,
  updatedAt: '2026-11-25T10:00:00.000Z',
  version: 1,
};

const scrollIntoView = vi.fn();

beforeEach(() => {
  // jsdom has no layout, so no scrolling: the page's request to scroll is what is checked.
  Element.prototype.scrollIntoView = scrollIntoView;
  scrollIntoView.mockClear();
  server.use(
    http.get(apiUrl('/api/v1/deals/d1'), () => HttpResponse.json(deal)),
    http.get(apiUrl('/api/v1/deals/d1/notices'), () => HttpResponse.json({ items: [] })),
    http.get(apiUrl('/api/v1/deals/d1/contract'), () =>
      HttpResponse.json(
        { statusCode: 404, code: 'NOT_FOUND', message: 'No contract.', requestId: 'r' },
        { status: 404 },
      ),
    ),
  );
});

function openAt(address: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/creator/contracts/:dealId" element={<DealPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The visitor's reduced-motion choice; the other media queries answered as in every test. */
function prefersReducedMotion() {
  const answer = window.matchMedia.bind(window);
  const reduced = {
    media: '(prefers-reduced-motion: reduce)',
    matches: true,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as MediaQueryList;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    query.includes('prefers-reduced-motion') ? reduced : answer(query),
  );
}

describe('The deal page opened from a notice’s link (#39)', () => {
  it('brings the milestone the link names into view and moves focus to it', async () => {
    openAt('/creator/contracts/d1?milestone=m2');
    const heading = await screen.findByRole('heading', { name: 'Story goes live' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(heading);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('jumps instead of gliding when the visitor prefers reduced motion', async () => {
    prefersReducedMotion();
    openAt('/creator/contracts/d1?milestone=m1');
    const heading = await screen.findByRole('heading', { name: 'Signing' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it.each(['/creator/contracts/d1', '/creator/contracts/d1?milestone=gone'])(
    '%s opens at the top, focus untouched (no milestone, or one the deal does not have)',
    async (address) => {
      server.use(
        http.get(apiUrl('/api/v1/deals/d1/notices'), () =>
          HttpResponse.json({
            items: [
              {
                milestoneId: 'm2',
                kind: 'milestone_funded',
                title: 'Funded: you can start "Story goes live"',
                to: 'creator',
                channel: 'in_app',
                at: '2026-11-25T10:00:00.000Z',
                status: 'delivered',
                statusAt: '2026-11-25T10:00:00.000Z',
              },
            ],
          }),
        ),
      );
      openAt(address);
      // Everything above the milestones has loaded: the page had its chance to move.
      await screen.findByText('Sent by Paylock (1)');
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(document.body).toHaveFocus();
    },
  );
});
