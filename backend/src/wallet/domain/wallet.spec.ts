import type { CreatorLedgerLine } from '../../ledger/ledger.contract.js';
import { lastMonths, walletSummary } from './wallet.js';

const line = (
  partial: Pick<CreatorLedgerLine, 'kind' | 'account' | 'amountPaise' | 'dealId'> & { at: string },
): CreatorLedgerLine => ({
  transactionId: 't',
  milestoneId: 'm',
  balanceAfterPaise: 0,
  ...partial,
  at: new Date(partial.at),
});

describe('the wallet figures', () => {
  it('splits held, releasing and paid out by deal and charts releases per Indian month', () => {
    const lines = [
      line({
        kind: 'funded',
        account: 'held',
        amountPaise: 500_00,
        dealId: 'a',
        at: '2026-09-01T00:00:00Z',
      }),
      line({
        kind: 'funded',
        account: 'held',
        amountPaise: 300_00,
        dealId: 'b',
        at: '2026-09-02T00:00:00Z',
      }),
      line({
        kind: 'released',
        account: 'held',
        amountPaise: -500_00,
        dealId: 'a',
        at: '2026-10-31T19:00:00Z',
      }),
      line({
        kind: 'released',
        account: 'releasing',
        amountPaise: 500_00,
        dealId: 'a',
        at: '2026-10-31T19:00:00Z',
      }),
      line({
        kind: 'settled',
        account: 'releasing',
        amountPaise: -500_00,
        dealId: 'a',
        at: '2026-11-02T00:00:00Z',
      }),
      line({
        kind: 'settled',
        account: 'paid_out',
        amountPaise: 500_00,
        dealId: 'a',
        at: '2026-11-02T00:00:00Z',
      }),
    ];
    const summary = walletSummary(lines, new Date('2026-11-25T00:00:00Z'), 3);
    expect(summary.held).toEqual({
      totalPaise: 300_00,
      deals: [{ dealId: 'b', amountPaise: 300_00 }],
    });
    expect(summary.releasing).toEqual({ totalPaise: 0, deals: [] });
    expect(summary.paidOut.totalPaise).toBe(500_00);
    expect(summary.paidOutThisMonthPaise).toBe(500_00);
    // 19:00 UTC on 31 October is 1 November in India.
    expect(summary.releasedByMonth).toEqual([
      { month: '2026-09', amountPaise: 0 },
      { month: '2026-10', amountPaise: 0 },
      { month: '2026-11', amountPaise: 500_00 },
    ]);
  });

  it('counts months back across a year', () => {
    expect(lastMonths(new Date('2027-02-10T00:00:00Z'), 3)).toEqual([
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });
});
