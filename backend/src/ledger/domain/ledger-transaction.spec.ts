import { balancedTransaction } from './balanced-transaction.js';
import {
  creatorAccountKindOf,
  isBalanced,
  UnbalancedTransactionError,
} from './ledger-transaction.js';
import { brandPaidAccount, creatorAccount, FEES_ACCOUNT } from '../ledger.contract.js';

const held = creatorAccount('c1', 'held');
const paid = brandPaidAccount('d1');

describe('a ledger transaction', () => {
  it('balances when at least two lines of whole paise sum to zero', () => {
    expect(
      isBalanced([
        { account: paid, amountPaise: -150_000 },
        { account: held, amountPaise: 150_000 },
      ]),
    ).toBe(true);
    expect(
      isBalanced([
        { account: held, amountPaise: -150_000 },
        { account: creatorAccount('c1', 'releasing'), amountPaise: 147_000 },
        { account: FEES_ACCOUNT, amountPaise: 3_000 },
      ]),
    ).toBe(true);
  });

  it('is refused with one line, a non-zero sum, fractions, zero lines or unsafe integers', () => {
    expect(isBalanced([{ account: held, amountPaise: 0 }])).toBe(false);
    expect(isBalanced([])).toBe(false);
    expect(
      isBalanced([
        { account: paid, amountPaise: -100 },
        { account: held, amountPaise: 99 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { account: paid, amountPaise: -0.5 },
        { account: held, amountPaise: 0.5 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { account: paid, amountPaise: 0 },
        { account: held, amountPaise: 0 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { account: paid, amountPaise: -Number.MAX_SAFE_INTEGER - 1 },
        { account: held, amountPaise: Number.MAX_SAFE_INTEGER + 1 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { account: '', amountPaise: -1 },
        { account: held, amountPaise: 1 },
      ]),
    ).toBe(false);
  });

  it('cannot be recorded unbalanced, without an event key or of an unknown kind', () => {
    const base = {
      eventKey: 'fund:d1:m1',
      kind: 'funded' as const,
      creatorId: 'c1',
      dealId: 'd1',
      milestoneId: 'm1',
      at: new Date('2026-11-25T10:00:00Z'),
      lines: [
        { account: paid, amountPaise: -100 },
        { account: held, amountPaise: 100 },
      ],
    };
    expect(() => {
      balancedTransaction(base);
    }).not.toThrow();
    expect(() => {
      balancedTransaction({ ...base, lines: [{ account: held, amountPaise: 100 }] });
    }).toThrow(UnbalancedTransactionError);
    expect(() => {
      balancedTransaction({ ...base, eventKey: '' });
    }).toThrow(UnbalancedTransactionError);
    expect(() => {
      balancedTransaction({ ...base, kind: 'gift' as never });
    }).toThrow(UnbalancedTransactionError);
  });

  it("reads which of the creator's accounts a line is on, and only theirs", () => {
    expect(creatorAccountKindOf(held, 'c1')).toBe('held');
    expect(creatorAccountKindOf(creatorAccount('c1', 'paid_out'), 'c1')).toBe('paid_out');
    expect(creatorAccountKindOf(held, 'c2')).toBeUndefined();
    expect(creatorAccountKindOf('creator:c1:other', 'c1')).toBeUndefined();
    expect(creatorAccountKindOf(paid, 'c1')).toBeUndefined();
  });
});
