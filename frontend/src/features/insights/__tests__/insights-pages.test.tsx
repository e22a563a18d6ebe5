import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { AnalyticsPage } from '../components/analytics-page';
import { InsightsPage } from '../components/insights-page';

const speed = (medianDays: number | null, p90Days: number | null, count = 2) => ({
  count,
  medianDays,
  p90Days,
});

const figures = (fundedPaise: number) => ({
  money: {
    fundedPaise,
    releasedPaise: 25_000_00,
    settledPaise: 0,
    refundedPaise: 0,
    heldPaise: 50_000_00,
    releasingNowPaise: 0,
  },
  speed: {
    acceptanceToFunding: speed(2, 9),
    submissionToRelease: speed(3.5, 5),
    releaseToSettlement: speed(null, null, 0),
  },
  flow: {
    approved: 3,
    approvedByBrand: 2,
    approvedAutomatically: 1,
    approvedAfterDispute: 0,
    sentBack: 1,
    averageRounds: 2,
    disputed: 0,
    refunded: 0,
  },
});

const period = (firstDay: string, lastDay: string) => ({
  from: `${firstDay}T00:00:00.000Z`,
  to: `${lastDay}T00:00:00.000Z`,
  firstDay,
  lastDay,
});

const ANALYTICS = {
  period: period('2026-11-01', '2026-11-30'),
  previousPeriod: period('2026-10-01', '2026-10-31'),
  overall: { current: figures(75_000_00), previous: figures(10_000_00) },
  brands: [
    {
      brandKey: 'glow naturals',
      brandName: 'Glow Naturals',
      current: figures(75_000_00),
      previous: figures(10_000_00),
    },
  ],
};

function renderPage(page: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);
}

describe('the analytics page', () => {
  it('shows each figure family as a chart with its table, this period beside the one before', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/api/v1/insights/analytics'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(ANALYTICS);
      }),
    );
    renderPage(<AnalyticsPage />);
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(
      await within(money).findByRole('img', { name: 'Money, this period' }),
    ).toBeInTheDocument();
    const table = within(money).getByRole('table', {
      name: 'Money: this period and the period before',
    });
    const funded = within(table).getByRole('row', { name: /Funded/ });
    expect(
      within(funded)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹75,000.00', '₹10,000.00']);
    const speedTable = within(screen.getByRole('region', { name: 'Speed in days' })).getByRole(
      'table',
    );
    expect(
      within(speedTable).getByRole('row', { name: /Submission → release, median/ }),
    ).toHaveTextContent('3.5 days');
    expect(
      within(speedTable).getByRole('row', { name: /Release → bank, median/ }),
    ).toHaveTextContent('—');
    expect(
      screen.getByText('1 Nov 2026 – 30 Nov 2026, compared with 1 Oct 2026 – 31 Oct 2026.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'How these figures are counted' }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'this_financial_year');
    await screen.findByRole('region', { name: 'Money' });
    expect(asked.at(-1)).toBe('?period=this_financial_year');
  });

  it("shows a custom range's refusal under the field it concerns", async () => {
    server.use(
      http.get(apiUrl('/api/v1/insights/analytics'), ({ request }) =>
        new URL(request.url).searchParams.get('period') === 'custom'
          ? HttpResponse.json(
              {
                statusCode: 400,
                code: 'VALIDATION_FAILED',
                message: 'Validation failed',
                errors: { to: 'to must not be before from' },
              },
              { status: 400 },
            )
          : HttpResponse.json(ANALYTICS),
      ),
    );
    renderPage(<AnalyticsPage />);
    await screen.findByRole('region', { name: 'Money' });
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'custom');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-10');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('to must not be before from')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says honestly that there is nothing yet, and offers to start a deal', async () => {
    server.use(
      http.get(apiUrl('/api/v1/insights/analytics'), () =>
        HttpResponse.json({ ...ANALYTICS, brands: [] }),
      ),
    );
    renderPage(<AnalyticsPage />);
    expect(await screen.findByRole('heading', { name: 'No deals yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New deal' })).toHaveAttribute(
      'href',
      '/creator/contracts/new',
    );
  });
});

describe('the insights page', () => {
  it("lists the sentences with their evidence one click away, and what's coming by day", async () => {
    server.use(
      http.get(apiUrl('/api/v1/insights'), () =>
        HttpResponse.json({
          period: period('2026-09-01', '2026-11-30'),
          insights: [
            {
              kind: 'due_for_release',
              sentence: '₹50,000 is due to be released by 5 December if nothing is disputed.',
              evidence: [{ dealId: 'd1', milestoneId: 'm2', title: 'Diwali reel: Draft' }],
              evidenceCount: 31,
            },
          ],
          coming: [
            {
              date: '2026-12-05',
              amountPaise: 50_000_00,
              items: [
                {
                  dealId: 'd1',
                  milestoneId: 'm2',
                  title: 'Diwali reel: Draft',
                  amountPaise: 50_000_00,
                  reason: 'approval_window_ends',
                },
              ],
              itemCount: 1,
            },
          ],
        }),
      ),
    );
    renderPage(<InsightsPage />);
    expect(
      await screen.findByText(
        '₹50,000 is due to be released by 5 December if nothing is disputed.',
      ),
    ).toBeInTheDocument();
    // The page lists the first milestones of a long evidence and says how many more there are.
    await userEvent.click(screen.getByText('Evidence (31)'));
    expect(screen.getByText('and 30 more')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Diwali reel: Draft' })[0]).toHaveAttribute(
      'href',
      '/creator/contracts/d1',
    );
    const coming = screen.getByRole('table', { name: 'Money expected by day' });
    const row = within(coming).getByRole('row', { name: /5 Dec/ });
    expect(row).toHaveTextContent('approval window ends');
    expect(row).toHaveTextContent('₹50,000.00');
  });

  it('offers to start a deal when there is nothing to say or expect', async () => {
    server.use(
      http.get(apiUrl('/api/v1/insights'), () =>
        HttpResponse.json({ period: period('2026-09-01', '2026-11-30'), insights: [], coming: [] }),
      ),
    );
    renderPage(<InsightsPage />);
    expect(await screen.findByRole('heading', { name: 'No deals yet' })).toBeInTheDocument();
  });
});
