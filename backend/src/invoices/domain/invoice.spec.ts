import { rupeesInWords } from '../../deals/deals.contract.js';
import { isValidGstin } from '../../tax/tax.contract.js';
import { gstSplit, percentOfPaise, placeOfSupply } from './gst.js';
import { isOverdue, netReceivablePaise, newInvoice } from './invoice.js';
import { financialYearOf, indianDateOf, invoiceNumber } from './invoice-number.js';

const MAHARASHTRA = '27AAPFU0939F1ZV';
const KARNATAKA = '29ABCDE1234F1ZW';

describe('GST split by the parties’ states', () => {
  it('charges CGST 9 % + SGST 9 % when both GSTINs are from the same state', () => {
    const split = gstSplit(1_00_000_00, MAHARASHTRA, '27');
    expect(split).toMatchObject({
      supply: 'intra_state',
      cgstPaise: 9_000_00,
      sgstPaise: 9_000_00,
      igstPaise: 0,
      taxPaise: 18_000_00,
    });
  });

  it('charges IGST 18 % when the place of supply is another state', () => {
    const split = gstSplit(1_00_000_00, MAHARASHTRA, '29');
    expect(split).toMatchObject({ supply: 'inter_state', cgstPaise: 0, igstPaise: 18_000_00 });
  });

  it('takes the place of supply from the recipient’s GSTIN, else its state, else the supplier’s', () => {
    expect(
      placeOfSupply({
        supplierStateCode: '27',
        recipientGstin: KARNATAKA,
        recipientStateCode: null,
      }),
    ).toEqual({ stateCode: '29', stateName: 'Karnataka' });
    expect(
      placeOfSupply({ supplierStateCode: '27', recipientGstin: null, recipientStateCode: '07' }),
    ).toEqual({ stateCode: '07', stateName: 'Delhi' });
    expect(
      placeOfSupply({ supplierStateCode: '27', recipientGstin: null, recipientStateCode: null }),
    ).toEqual({ stateCode: '27', stateName: 'Maharashtra' });
  });

  it('uses the configured rate, never a rate written into the code', () => {
    expect(gstSplit(1000_00, MAHARASHTRA, '29', { totalBasisPoints: 1200 }).igstPaise).toBe(120_00);
  });
});

describe('rounding to the paisa, half up, per head', () => {
  it('rounds half a paisa up', () => {
    // 9 % of ₹0.50 = 4.5 paise → 5 paise.
    expect(percentOfPaise(50, 900)).toBe(5);
    // 9 % of ₹0.49 = 4.41 paise → 4 paise.
    expect(percentOfPaise(49, 900)).toBe(4);
  });

  it('rounds CGST and SGST each on its own', () => {
    // 9 % of ₹333.33 = 2999.97 paise → ₹30.00 each, ₹60.00 together.
    const split = gstSplit(333_33, MAHARASHTRA, '27');
    expect([split.cgstPaise, split.sgstPaise, split.taxPaise]).toEqual([30_00, 30_00, 60_00]);
  });

  it('stays exact at a crore', () => {
    expect(gstSplit(1_00_00_000_00, MAHARASHTRA, '29').igstPaise).toBe(18_00_000_00);
  });
});

describe('amounts in words (Indian numbering)', () => {
  it('writes lakh, crore and paise', () => {
    expect(rupeesInWords(1_18_000_00)).toBe('Rupees One Lakh Eighteen Thousand Only');
    expect(rupeesInWords(2_35_50_000_75)).toBe(
      'Rupees Two Crore Thirty-Five Lakh Fifty Thousand and Seventy-Five Paise Only',
    );
  });

  it('puts the total of a tax invoice in words', () => {
    const invoice = newInvoice({
      id: 'i1',
      creatorId: 'c1',
      dealId: 'd1',
      milestoneId: 'm1',
      description: 'Reel',
      taxablePaise: 1_00_000_00,
      dueDate: '2026-05-01',
      supplier: { name: 'Asha', address: null, gstin: MAHARASHTRA },
      recipient: { name: 'Brand', address: null, gstin: KARNATAKA },
      recipientStateCode: null,
      sac: '998361',
      now: new Date('2026-04-01T00:00:00Z'),
    });
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      totalPaise: 1_18_000_00,
      totalInWords: 'Rupees One Lakh Eighteen Thousand Only',
      placeOfSupply: { stateCode: '29' },
    });
    expect(invoice.gst?.igstPaise).toBe(18_000_00);
  });

  it('makes a bill of supply, without tax, when the creator has no GSTIN', () => {
    const invoice = newInvoice({
      id: 'i1',
      creatorId: 'c1',
      dealId: 'd1',
      milestoneId: 'm1',
      description: 'Reel',
      taxablePaise: 50_000_00,
      dueDate: '2026-05-01',
      supplier: { name: 'Asha', address: null, gstin: null },
      recipient: { name: 'Brand', address: null, gstin: KARNATAKA },
      recipientStateCode: null,
      sac: '998361',
      now: new Date('2026-04-01T00:00:00Z'),
    });
    expect(invoice).toMatchObject({ kind: 'bill_of_supply', gst: null, totalPaise: 50_000_00 });
    expect(
      netReceivablePaise({
        ...invoice,
        tds: { amountPaise: 1_000_00, certificateNumber: 'X', recordedAt: new Date() },
      }),
    ).toBe(49_000_00);
  });
});

describe('serial numbers per Indian financial year', () => {
  it('starts the year on 1 April in India’s time', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00.000Z'))).toBe('2099-00');
    expect(indianDateOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04-01');
  });

  it('numbers each year’s series from 0001', () => {
    expect(invoiceNumber('2026-27', 1)).toBe('PL/2026-27/0001');
    expect(invoiceNumber('2027-28', 12345)).toBe('PL/2027-28/12345');
    expect(() => invoiceNumber('2026-27', 0)).toThrow(TypeError);
  });
});

describe('GSTIN check digit', () => {
  it('accepts a GSTIN whose check character matches and refuses one that does not', () => {
    expect(isValidGstin(MAHARASHTRA)).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
  });
});

describe('overdue', () => {
  it('is past its due date and not settled', () => {
    expect(isOverdue({ settledAt: null, dueDate: '2026-05-01' }, '2026-05-02')).toBe(true);
    expect(isOverdue({ settledAt: null, dueDate: '2026-05-01' }, '2026-05-01')).toBe(false);
    expect(isOverdue({ settledAt: new Date(), dueDate: '2026-05-01' }, '2026-06-01')).toBe(false);
  });
});
