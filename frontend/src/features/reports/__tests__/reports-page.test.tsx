import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { ReportsPage } from '../components/reports-page';
import { financialYears, monthName } from '../components/financial-years';

/** 31 March 2027 23:30 IST: still FY 2026-27. */
const NOW = new Date('2027-03-31T18:00:00.000Z');

const figures = (over: Record<string, number | string> = {}) => ({
  invoiceCount: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  invoicedPaise: 0,
  receivedPaise: 0,
  refundedPaise: 0,
  tdsPaise: 0,
  tdsRecordedCount: 0,
  ...over,
});

const statement = (
  financialYear: string,
  rows: unknown[],
  totals = figures(),
  brands: unknown[] = [],
) => ({
  financialYear,
  start: '2026-03-31T18:30:00.000Z',
  end: '2027-03-31T18:30:00.000Z',
  months: [],
  rows,
  brands,
  totals,
  invoices: [],
  pendingChanges: 0,
});

const GLOW = {
  brand: 'Glow Naturals',
  month: '2026-11',
  ...figures({
    invoiceCount: 1,
    taxablePaise: 25_000_00,
    cgstPaise: 2_250_00,
    sgstPaise: 2_250_00,
    invoicedPaise: 29_500_00,
    receivedPaise: 25_000_00,
    tdsPaise: 590_00,
    tdsRecordedCount: 1,
  }),
};

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <ReportsPage now={NOW} />
    </MemoryRouter>,
  );
}

describe('the reports page', () => {
  it('lists the financial years in India’s time, the current one first', () => {
    expect(financialYears(NOW, 3)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(financialYears(new Date('2027-03-31T18:30:00.000Z'), 1)).toEqual(['2027-28']);
    expect(monthName('2026-11')).toBe('November 2026');
  });

  it('shows the year’s totals and the rows per brand and month, and switches years', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/api/v1/reports/statement'), ({ request }) => {
        const year = new URL(request.url).searchParams.get('financialYear') ?? '';
        asked.push(year);
        return HttpResponse.json(
          year === '2026-27'
            ? statement(year, [GLOW], figures(GLOW), [{ ...GLOW, month: '' }])
            : statement(year, []),
        );
      }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: /Statement for FY 2026-27/ });
    const glow = within(table).getAllByRole('row')[1];
    expect(glow).toHaveTextContent('Glow Naturals');
    expect(glow).toHaveTextContent('November 2026');
    expect(glow).toHaveTextContent('₹29,500.00');
    expect(glow).toHaveTextContent('₹590.00');
    expect(within(table).getByRole('rowheader', { name: 'All brands' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download the statement for FY 2026-27 as CSV' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download the statement for FY 2026-27 as PDF' }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Financial year'), 'FY 2025-26');
    expect(
      await screen.findByText(/Nothing was invoiced, received or refunded in FY 2025-26/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a deal' })).toHaveAttribute(
      'href',
      '/creator/contracts/new',
    );
    expect(asked).toEqual(['2026-27', '2025-26']);
  });

  it('says TDS is not recorded rather than showing none', async () => {
    const row = { ...GLOW, tdsPaise: 0, tdsRecordedCount: 0 };
    server.use(
      http.get(apiUrl('/api/v1/reports/statement'), () =>
        HttpResponse.json(statement('2026-27', [row], figures(row), [])),
      ),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: /Statement for FY 2026-27/ });
    expect(within(table).getAllByText('Not recorded').length).toBeGreaterThan(0);
    expect(screen.getByText(/does not\s+mean none was deducted/)).toBeInTheDocument();
  });

  it('shows the ledger extract of a range, and a refused range’s message by its field', async () => {
    server.use(
      http.get(apiUrl('/api/v1/reports/statement'), () =>
        HttpResponse.json(statement('2026-27', [])),
      ),
      http.get(apiUrl('/api/v1/reports/ledger'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        if ((query.get('to') ?? '') < (query.get('from') ?? ''))
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              message: 'Validation failed',
              errors: { to: 'to must not be before from' },
            },
            { status: 400 },
          );
        return HttpResponse.json({
          items: [
            {
              at: '2026-11-20T10:00:00.000Z',
              kind: 'settled',
              dealId: 'd1',
              dealTitle: 'Diwali launch',
              brand: 'Glow Naturals',
              milestoneId: 'm1',
              milestoneName: 'Reel live',
              account: 'paid_out',
              amountPaise: 25_000_00,
              balanceAfterPaise: 25_000_00,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
          from: query.get('from'),
          to: query.get('to'),
          pendingChanges: 0,
        });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Ledger extract range' });
    expect(within(form).getByLabelText('From')).toHaveValue('2026-04-01');
    expect(within(form).getByLabelText('To')).toHaveValue('2027-03-31');
    await user.click(within(form).getByRole('button', { name: 'Show lines' }));
    const table = await screen.findByRole('table', {
      name: 'Ledger lines from 2026-04-01 to 2027-03-31',
    });
    expect(within(table).getByText('Settled to your bank')).toBeInTheDocument();
    expect(within(table).getByText('Glow Naturals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /ledger extract .* as PDF/ })).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-03-01');
    await user.click(within(form).getByRole('button', { name: 'Show lines' }));
    expect(await screen.findByText('to must not be before from')).toBeInTheDocument();
    expect(within(form).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });
});
