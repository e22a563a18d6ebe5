import {
  balancedTransaction,
  type BalancedTransaction,
  isBalancedTransaction,
} from './balanced-transaction.js';
import {
  brandPaidAccount,
  creatorAccount,
  FEES_ACCOUNT,
  type NewLedgerTransaction,
  UnbalancedTransactionError,
} from './ledger-transaction.js';
import type { LedgerWriter } from '../ledger.contract.js';

const held = creatorAccount('c1', 'held');
const releasing = creatorAccount('c1', 'releasing');
const paid = brandPaidAccount('d1');

const funded: NewLedgerTransaction = {
  eventKey: 'fund:d1:m1',
  kind: 'funded',
  creatorId: 'c1',
  dealId: 'd1',
  milestoneId: 'm1',
  at: new Date('2026-11-25T10:00:00Z'),
  lines: [
    { account: paid, amountPaise: -150_000 },
    { account: held, amountPaise: 150_000 },
  ],
};

const withLines = (...lines: [string, number][]): NewLedgerTransaction => ({
  ...funded,
  lines: lines.map(([account, amountPaise]) => ({ account, amountPaise })),
});

describe('balancedTransaction, the one way to make what the ledger records', () => {
  it('makes a transaction of lines that sum to zero, two lines or more', () => {
    expect(balancedTransaction(funded)).toEqual(funded);
    expect(
      balancedTransaction(withLines([held, -150_000], [releasing, 147_000], [FEES_ACCOUNT, 3_000]))
        .lines,
    ).toEqual([
      { account: held, amountPaise: -150_000 },
      { account: releasing, amountPaise: 147_000 },
      { account: FEES_ACCOUNT, amountPaise: 3_000 },
    ]);
    expect(isBalancedTransaction(balancedTransaction(funded))).toBe(true);
  });

  it('refuses lines whose sum is not zero, by one paisa either way', () => {
    for (const lines of [
      [
        [paid, -100],
        [held, 99],
      ],
      [
        [paid, -100],
        [held, 101],
      ],
      [[held, 100]],
      [],
    ] as [string, number][][]) {
      expect(() => balancedTransaction(withLines(...lines))).toThrow(UnbalancedTransactionError);
    }
  });

  it('refuses zero-paise lines, and takes negative ones only as the other side of positives', () => {
    expect(() => balancedTransaction(withLines([paid, 0], [held, 0]))).toThrow(
      UnbalancedTransactionError,
    );
    expect(() => balancedTransaction(withLines([paid, -100], [held, 100], [releasing, 0]))).toThrow(
      UnbalancedTransactionError,
    );
    expect(() => balancedTransaction(withLines([paid, -100], [held, -100]))).toThrow(
      UnbalancedTransactionError,
    );
    expect(balancedTransaction(withLines([held, -100], [paid, 100])).lines).toHaveLength(2);
  });

  it('takes whole paise only: no fractions, NaN, infinities or unsafe integers', () => {
    for (const amount of [0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => balancedTransaction(withLines([paid, -amount], [held, amount]))).toThrow(
        UnbalancedTransactionError,
      );
    }
  });

  it('refuses an unnamed account, an unknown kind, a missing event key or an invalid time', () => {
    expect(() => balancedTransaction(withLines(['', -1], [held, 1]))).toThrow(
      UnbalancedTransactionError,
    );
    expect(() => balancedTransaction({ ...funded, kind: 'gift' as never })).toThrow(
      UnbalancedTransactionError,
    );
    expect(() => balancedTransaction({ ...funded, eventKey: '' })).toThrow(
      UnbalancedTransactionError,
    );
    expect(() => balancedTransaction({ ...funded, at: new Date(Number.NaN) })).toThrow(
      UnbalancedTransactionError,
    );
  });

  it('is a frozen copy: changing the input or the result afterwards cannot unbalance it', () => {
    const lines = [
      { account: paid, amountPaise: -100 },
      { account: held, amountPaise: 100 },
    ];
    const made = balancedTransaction({ ...funded, lines });
    lines[1] = { account: held, amountPaise: 1 };
    expect(made.lines[1]).toEqual({ account: held, amountPaise: 100 });
    expect(Object.isFrozen(made)).toBe(true);
    expect(Object.isFrozen(made.lines)).toBe(true);
    expect(Object.isFrozen(made.lines[0])).toBe(true);
  });

  it('is told apart from a look-alike at run time', () => {
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- the look-alike, on purpose
    expect(isBalancedTransaction({ ...balancedTransaction(funded) })).toBe(false);
    expect(isBalancedTransaction(funded)).toBe(false);
    expect(isBalancedTransaction(null)).toBe(false);
  });

  it('is the only thing the ledger writer takes (checked by the type check, not at run time)', () => {
    // These lines prove, under `npm run typecheck -w backend`, that an unbalanced write does not
    // compile: each `@ts-expect-error` fails the type check if the line below it compiles.
    const record = (transaction: Parameters<LedgerWriter['record']>[0]) => transaction;
    /* eslint-disable @typescript-eslint/no-misused-spread, @typescript-eslint/no-unsafe-class-instance-assignment -- the forgeries this test shows the type check refuses */
    // @ts-expect-error A plain object literal, even a balanced one, is not a BalancedTransaction.
    const literal: BalancedTransaction = { ...funded };
    // @ts-expect-error The writer refuses a plain transaction: only balancedTransaction() makes one.
    record(funded);
    // @ts-expect-error Spreading a made one to swap in unbalanced lines loses what makes it one.
    record({ ...balancedTransaction(funded), lines: [{ account: held, amountPaise: 1 }] });
    /* eslint-enable @typescript-eslint/no-misused-spread, @typescript-eslint/no-unsafe-class-instance-assignment */
    expect(record(balancedTransaction(funded)).eventKey).toBe('fund:d1:m1');
    expect(literal.lines).toHaveLength(2);
  });
});
