import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { CreateInvoicePage } from '../components/create-invoice-page';
import { InvoicesPage } from '../components/invoices-page';

const INVOICE = {
  id: 'i1',
  dealId: 'd1',
  milestoneId: 'm1',
  kind: 'tax_invoice',
  status: 'issued',
  number: 'PL/2026-27/0001',
  financialYear: '2026-27',
  issuedAt: '2026-11-20T10:00:00.000Z',
  supplier: { name: 'Asha Rao', address: null, gstin: '27AAPFU0939F1ZV' },
  recipient: { name: 'Glow Naturals Pvt Ltd', address: null, gstin: null },
  placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
  sac: '998361',
  description: 'Diwali launch — Signing',
  taxablePaise: 25_000_00,
  gst: null,
  totalPaise: 29_500_00,
  totalInWords: 'Rupees Twenty-Nine Thousand Five Hundred Only',
  tds: { amountPaise: 500_00, certificateNumber: 'FORM16A-1', recordedAt: '2026-11-21T00:00:00Z' },
  netPaise: 29_000_00,
  dueDate: '2026-11-10',
  settledAt: null,
  payment: 'overdue',
  lastError: null,
};

function renderPage(page: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);
}

describe('invoices', () => {
  it('lists the overdue invoices with their number, the net of TDS and a PDF download', async () => {
    server.use(
      http.get(apiUrl('/api/v1/invoices'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('view')).toBe('overdue');
        return HttpResponse.json({ items: [INVOICE], total: 1, page: 1, pageSize: 20 });
      }),
    );
    renderPage(<InvoicesPage view="overdue" />);
    const table = await screen.findByRole('table', { name: 'Overdue invoices' });
    expect(within(table).getByText('PL/2026-27/0001')).toBeInTheDocument();
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    expect(within(table).getByText(/₹29,000.00 \(TDS ₹500.00, FORM16A-1\)/)).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'PDF of invoice PL/2026-27/0001' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/TDS under the Income-tax Act/)).toBeInTheDocument();
  });

  it('checks the brand’s GSTIN before sending, and shows the server’s answer on the field', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/invoices/releasable'), () =>
        HttpResponse.json([
          {
            dealId: 'd1',
            dealTitle: 'Diwali launch',
            milestoneId: 'm2',
            milestoneName: 'Draft',
            amountPaise: 50_000_00,
            releasedAt: null,
            brandGstin: null,
            brandAddress: null,
          },
        ]),
      ),
      http.post(apiUrl('/api/v1/invoices'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'The request is not valid.',
            errors: {
              recipientGstin:
                'recipientGstin must be a valid 15-character GSTIN (check character included)',
            },
            requestId: 'r',
          },
          { status: 400 },
        ),
      ),
    );
    renderPage(<CreateInvoicePage />);
    await user.selectOptions(await screen.findByLabelText('Released milestone'), 'd1/m2');
    const gstin = screen.getByLabelText("Brand's GSTIN (optional)");
    await user.type(gstin, 'not a gstin');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('Enter a 15-character GSTIN')).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    await user.clear(gstin);
    await user.type(gstin, '29ABCDE1234F1ZA');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText(/check character included/)).toBeInTheDocument();
  });

  it('fills the brand’s GSTIN and address in from its acceptance; the creator may change them', async () => {
    const user = userEvent.setup();
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(apiUrl('/api/v1/invoices/releasable'), () =>
        HttpResponse.json([
          {
            dealId: 'd1',
            dealTitle: 'Diwali launch',
            milestoneId: 'm2',
            milestoneName: 'Draft',
            amountPaise: 50_000_00,
            releasedAt: null,
            brandGstin: '27AAACR5055K1Z7',
            brandAddress: '4th Floor, Glow House\nLower Parel, Mumbai',
          },
        ]),
      ),
      http.get(apiUrl('/api/v1/invoices/sac-codes'), () =>
        HttpResponse.json([{ code: '998361', description: 'Advertising services' }]),
      ),
      http.post(apiUrl('/api/v1/invoices'), async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(INVOICE, { status: 201 });
      }),
    );
    renderPage(<CreateInvoicePage />);
    await user.selectOptions(await screen.findByLabelText('Released milestone'), 'd1/m2');
    const gstin = screen.getByLabelText("Brand's GSTIN (optional)");
    const address = screen.getByLabelText("Brand's address (optional)");
    expect(gstin).toHaveValue('27AAACR5055K1Z7');
    expect(address).toHaveValue('4th Floor, Glow House, Lower Parel, Mumbai');
    await user.clear(address);
    await user.type(address, 'Pune office');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({
      dealId: 'd1',
      milestoneId: 'm2',
      recipientGstin: '27AAACR5055K1Z7',
      recipientAddress: 'Pune office',
    });
  });
});
