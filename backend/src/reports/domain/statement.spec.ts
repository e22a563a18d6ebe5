import { gstSplit } from '../../invoices/invoices.contract.js';
import { financialYearStarting } from './financial-year.js';
import { buildStatement, type StatementInvoice, type StatementLine } from './statement.js';

const FY = financialYearStarting(2026);

const invoice = (
  partial: Partial<Omit<StatementInvoice, 'issuedAt'>> & { issuedAt: string },
): StatementInvoice => ({
  id: 'i',
  number: 'PL/2026-27/0001',
  dealId: 'd1',
  brand: 'Glow Naturals',
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
  tdsPaise: null,
  ...partial,
  issuedAt: new Date(partial.issuedAt),
});

const line = (partial: Omit<StatementLine, 'at' | 'dealId'> & { at: string }): StatementLine => ({
  dealId: 'd1',
  ...partial,
  at: new Date(partial.at),
});

describe('the financial-year statement', () => {
  it('puts each invoice and line in its brand’s Indian month and sums them to the paisa', () => {
    const statement = buildStatement(
      FY,
      [
        // ₹333.33 at 18 %: CGST and SGST each rounded half up (2999.97 → 3000 paise).
        invoice({
          id: 'a',
          issuedAt: '2026-04-30T18:29:00.000Z',
          taxablePaise: 33_333,
          cgstPaise: 3_000,
          sgstPaise: 3_000,
          totalPaise: 39_333,
          tdsPaise: 667,
        }),
        invoice({
          id: 'b',
          number: 'PL/2026-27/0002',
          issuedAt: '2026-04-30T18:30:00.000Z',
          taxablePaise: 10_000,
          igstPaise: 1_800,
          totalPaise: 11_800,
        }),
        invoice({
          id: 'c',
          brand: 'Apex',
          issuedAt: '2027-03-31T18:00:00.000Z',
          taxablePaise: 5,
          cgstPaise: 0,
          sgstPaise: 0,
          totalPaise: 5,
        }),
        // Next year's (1 April 00:00 IST) and last year's: not counted.
        invoice({ id: 'x', issuedAt: '2027-03-31T18:30:00.000Z', taxablePaise: 1, totalPaise: 1 }),
        invoice({ id: 'y', issuedAt: '2026-03-31T18:29:59.999Z', taxablePaise: 1, totalPaise: 1 }),
      ],
      [
        line({
          kind: 'funded',
          account: 'held',
          brand: 'Glow Naturals',
          at: '2026-04-10T00:00:00.000Z',
          amountPaise: 50_000,
        }),
        line({
          kind: 'settled',
          account: 'releasing',
          brand: 'Glow Naturals',
          at: '2026-05-02T00:00:00.000Z',
          amountPaise: -39_333,
        }),
        line({
          kind: 'settled',
          account: 'paid_out',
          brand: 'Glow Naturals',
          at: '2026-05-02T00:00:00.000Z',
          amountPaise: 39_333,
        }),
        line({
          kind: 'refunded',
          account: 'held',
          brand: 'Apex',
          at: '2027-03-31T18:00:00.000Z',
          amountPaise: -12_345,
        }),
        line({
          kind: 'refunded',
          account: 'held',
          brand: 'Apex',
          at: '2027-03-31T18:30:00.000Z',
          amountPaise: -1,
        }),
      ],
    );
    expect(statement.rows.map(({ brand, month }) => `${brand} ${month}`)).toEqual([
      'Apex 2027-03',
      'Glow Naturals 2026-04',
      'Glow Naturals 2026-05',
    ]);
    expect(statement.rows[1]).toMatchObject({
      invoiceCount: 1,
      taxablePaise: 33_333,
      cgstPaise: 3_000,
      sgstPaise: 3_000,
      invoicedPaise: 39_333,
      tdsPaise: 667,
      tdsRecordedCount: 1,
    });
    expect(statement.rows[2]).toMatchObject({
      invoiceCount: 1,
      igstPaise: 1_800,
      invoicedPaise: 11_800,
      receivedPaise: 39_333,
      tdsRecordedCount: 0,
    });
    expect(statement.rows[0]).toMatchObject({ invoicedPaise: 5, refundedPaise: 12_345 });
    expect(statement.totals).toEqual({
      invoiceCount: 3,
      taxablePaise: 43_338,
      cgstPaise: 3_000,
      sgstPaise: 3_000,
      igstPaise: 1_800,
      invoicedPaise: 51_138,
      receivedPaise: 39_333,
      refundedPaise: 12_345,
      tdsPaise: 667,
      tdsRecordedCount: 1,
    });
    expect(statement.brands.map(({ brand, invoicedPaise }) => [brand, invoicedPaise])).toEqual([
      ['Apex', 5],
      ['Glow Naturals', 51_133],
    ]);
    expect(statement.invoices.map(({ id }) => id)).toEqual(['a', 'b', 'c']);
  });

  it('is empty, with zero totals, when nothing happened in the year', () => {
    const statement = buildStatement(FY, [], []);
    expect(statement.rows).toEqual([]);
    expect(statement.totals.invoicedPaise).toBe(0);
    expect(statement.months).toHaveLength(12);
  });

  it('sums each invoice’s GST as rounded on it, never rounding the year again', () => {
    // ₹0.03 three times at 18 % intra-state: each head 0.27 paise → 0 on each invoice; the year's
    // taxable ₹0.09 would round to 1 paisa a head if computed again. The statement keeps 0.
    // And ₹1,000.05 inter-state: IGST 18000.9 → 18001 paise.
    const invoices = [3, 3, 3, 1_000_05].map((taxablePaise, index) => {
      const split = gstSplit(taxablePaise, '27AAPFU0939F1ZV', index < 3 ? '27' : '29');
      return invoice({
        id: String(index),
        number: `PL/2026-27/000${String(index + 1)}`,
        issuedAt: '2026-06-01T06:00:00.000Z',
        taxablePaise,
        cgstPaise: split.cgstPaise,
        sgstPaise: split.sgstPaise,
        igstPaise: split.igstPaise,
        totalPaise: taxablePaise + split.taxPaise,
      });
    });
    const { totals } = buildStatement(FY, invoices, []);
    expect(totals).toMatchObject({
      taxablePaise: 1_000_14,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_001,
      invoicedPaise: 1_000_14 + 18_001,
    });
    expect(gstSplit(9, '27AAPFU0939F1ZV', '27').cgstPaise).toBe(1);
  });
});
