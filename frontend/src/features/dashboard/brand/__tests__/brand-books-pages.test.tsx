import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '@/lib/download-blob';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandInvoicesPage } from '../brand-invoices-page';
import { BrandStatementPage } from '../brand-statement-page';

vi.mock('@/lib/download-blob', () => ({ downloadBlob: vi.fn() }));

const invoice = (index: number) => ({
  id: `inv-${String(index)}`,
  number: `PL/2026-27/${String(index).padStart(4, '0')}`,
  creatorName: 'Asha Rao',
  dealId: 'deal-1',
  description: `Diwali reel — Milestone ${String(index)}`,
  issuedAt: '2026-11-20T06:30:00.000Z',
  taxablePaise: 25_000_00,
  cgstPaise: 2_250_00,
  sgstPaise: 2_250_00,
  igstPaise: 0,
  totalPaise: 29_500_00,
  tdsPaise: index === 1 ? 500_00 : null,
  settledAt: null,
});

const figures = {
  invoiceCount: 1,
  taxablePaise: 25_000_00,
  cgstPaise: 2_250_00,
  sgstPaise: 2_250_00,
  igstPaise: 0,
  invoicedPaise: 29_500_00,
  paidPaise: 75_000_00,
  refundedPaise: 50_000_00,
  tdsPaise: 0,
  tdsRecordedCount: 0,
};

const render = (page: React.ReactNode) => renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);

describe("the brand's invoices", () => {
  it('lists a server page of its invoices, asks for the next page, and downloads a PDF', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/api/v1/brand/invoices'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        asked.push(String(page));
        return HttpResponse.json({
          items: [invoice(page)],
          total: 21,
          page,
          pageSize: 20,
        });
      }),
      http.get(apiUrl('/api/v1/brand/invoices/inv-1/pdf'), () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.7').buffer, {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      ),
    );
    render(<BrandInvoicesPage />);
    const table = await screen.findByRole('table', { name: /^Invoices issued to you/ });
    const row = within(table).getByRole('row', { name: /PL\/2026-27\/0001/ });
    expect(row).toHaveTextContent('Asha Rao');
    expect(row).toHaveTextContent('₹4,500.00');
    expect(row).toHaveTextContent('₹29,500.00');
    expect(row).toHaveTextContent('₹500.00');
    await userEvent.click(
      screen.getByRole('button', { name: 'Download invoice PL/2026-27/0001 as PDF' }),
    );
    await vi.waitFor(() => {
      expect(downloadBlob).toHaveBeenCalledWith(
        expect.any(Blob),
        'paylock-invoice-PL-2026-27-0001.pdf',
      );
    });
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    const second = await screen.findByRole('table', {
      name: 'Invoices issued to you, page 2 of 2',
    });
    expect(within(second).getByRole('row', { name: /PL\/2026-27\/0002/ })).toBeInTheDocument();
    expect(asked).toEqual(['1', '2']);
  });

  it('says when no invoice was issued to it yet', async () => {
    server.use(
      http.get(apiUrl('/api/v1/brand/invoices'), () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
      ),
    );
    render(<BrandInvoicesPage />);
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
  });
});

describe("the brand's statement", () => {
  it('shows per creator and month, the year per creator and the total, for the year chosen', async () => {
    const years: string[] = [];
    server.use(
      http.get(apiUrl('/api/v1/brand/reports/statement'), ({ request }) => {
        const financialYear = new URL(request.url).searchParams.get('financialYear') ?? '';
        years.push(financialYear);
        return HttpResponse.json({
          financialYear,
          rows: [{ ...figures, creatorId: 'asha', creatorName: 'Asha Rao', month: '2026-11' }],
          creators: [{ ...figures, creatorId: 'asha', creatorName: 'Asha Rao', month: '' }],
          totals: figures,
        });
      }),
    );
    render(<BrandStatementPage now={new Date('2026-11-28T00:00:00Z')} />);
    const table = await screen.findByRole('table', {
      name: 'Statement for FY 2026-27, per creator and month',
    });
    expect(within(table).getByRole('row', { name: /November 2026/ })).toHaveTextContent(
      '₹75,000.00',
    );
    expect(within(table).getByRole('row', { name: /All creators/ })).toHaveTextContent(
      'Not recorded',
    );
    await userEvent.selectOptions(screen.getByLabelText('Financial year'), 'FY 2025-26');
    expect(
      await screen.findByRole('table', { name: 'Statement for FY 2025-26, per creator and month' }),
    ).toBeInTheDocument();
    expect(years).toEqual(['2026-27', '2025-26']);
  });

  it('downloads the statement as CSV', async () => {
    server.use(
      http.get(apiUrl('/api/v1/brand/reports/statement'), () =>
        HttpResponse.json({ financialYear: '2026-27', rows: [], creators: [], totals: figures }),
      ),
      http.get(apiUrl('/api/v1/brand/reports/statement.csv'), () =>
        HttpResponse.text('Financial year,Creator\n', { headers: { 'Content-Type': 'text/csv' } }),
      ),
    );
    render(<BrandStatementPage now={new Date('2026-11-28T00:00:00Z')} />);
    expect(await screen.findByText(/Nothing was invoiced, paid or refunded/)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the statement for FY 2026-27 as CSV' }),
    );
    await vi.waitFor(() => {
      expect(downloadBlob).toHaveBeenCalledWith(
        expect.any(Blob),
        'paylock-brand-statement-2026-27.csv',
      );
    });
  });
});
