import {
  type BookedInvoice,
  brandStatementOf,
  countInvoice,
  countMoney,
  type YearRows,
} from './brand-books.js';

const IST = (iso: string) => Date.parse(`${iso}+05:30`);

const invoice = (overrides: Partial<BookedInvoice>): BookedInvoice => ({
  id: 'inv-1',
  rev: 3,
  number: 'PL/2026-27/0001',
  creatorId: 'asha',
  creatorName: 'Asha Rao',
  dealId: 'deal-1',
  description: 'Launch — Signing',
  issuedAt: IST('2026-04-10T12:00:00'),
  taxablePaise: 25_000_00,
  cgstPaise: 2_250_00,
  sgstPaise: 2_250_00,
  igstPaise: 0,
  totalPaise: 29_500_00,
  tdsPaise: null,
  settledAt: null,
  ...overrides,
});

describe("the brand's books", () => {
  it('counts invoices and money per creator and Indian month, and takes back a replaced revision', () => {
    const rows: YearRows = {};
    const first = invoice({});
    countInvoice(rows, first, 1);
    // The brand records TDS: the new revision replaces the old one's figures.
    countInvoice(rows, first, -1);
    countInvoice(rows, { ...first, rev: 4, tdsPaise: 500_00 }, 1);
    countMoney(rows, {
      kind: 'funded',
      creatorId: 'asha',
      creatorName: 'Asha',
      at: IST('2026-04-30T23:30:00'),
      amountPaise: 25_000_00,
    });
    countMoney(rows, {
      kind: 'refunded',
      creatorId: 'asha',
      creatorName: 'Asha',
      at: IST('2026-05-01T00:00:00'),
      amountPaise: 10_000_00,
    });
    const statement = brandStatementOf('2026-27', rows);
    expect(statement.rows.map(({ month, creatorName }) => [month, creatorName])).toEqual([
      ['2026-04', 'Asha Rao'],
      ['2026-05', 'Asha Rao'],
    ]);
    expect(statement.totals).toEqual({
      invoiceCount: 1,
      taxablePaise: 25_000_00,
      cgstPaise: 2_250_00,
      sgstPaise: 2_250_00,
      igstPaise: 0,
      invoicedPaise: 29_500_00,
      paidPaise: 25_000_00,
      refundedPaise: 10_000_00,
      tdsPaise: 500_00,
      tdsRecordedCount: 1,
    });
    expect(statement.creators).toEqual([
      expect.objectContaining({
        creatorId: 'asha',
        creatorName: 'Asha Rao',
        invoicedPaise: 29_500_00,
      }),
    ]);
  });

  it('leaves out rows whose figures cancel to nothing', () => {
    const rows: YearRows = {};
    countInvoice(rows, invoice({}), 1);
    countInvoice(rows, invoice({}), -1);
    expect(brandStatementOf('2026-27', rows).rows).toEqual([]);
  });
});
