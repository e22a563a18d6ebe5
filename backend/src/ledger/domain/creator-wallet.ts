/**
 * The creator's wallet as a read model (#38), pure: what the ledger's transactions make of one
 * creator's accounts, kept as it is written. The head holds the balances, per deal and per month
 * (India's calendar), and how many lines each view has; every line is numbered in three views
 * (all lines, the deal's, the kind's) and carries its account's running balance after it, fixed
 * when the line was written. Plain TypeScript: the store is infrastructure/.
 */
import {
  type CreatorAccountKind,
  creatorAccountKindOf,
  type LedgerTransaction,
  type TransactionKind,
} from './ledger-transaction.js';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** YYYY-MM of `at` in India. */
export const indianMonthOf = (at: Date): string =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);

export type AccountBalances = Record<CreatorAccountKind, number>;

export interface DealBalances extends AccountBalances {
  readonly dealId: string;
  /** How many of the creator's lines are the deal's (its view's length). */
  readonly lineCount: number;
}

export interface MonthAmounts {
  readonly month: string;
  /** Lines of kind `released` into `releasing`. */
  readonly releasedPaise: number;
  /** Lines of kind `settled` into `paid_out`. */
  readonly settledPaise: number;
}

export interface CreatorWalletState {
  readonly lineCount: number;
  readonly balances: AccountBalances;
  readonly deals: readonly DealBalances[];
  readonly kindLineCounts: Partial<Record<TransactionKind, number>>;
  readonly months: readonly MonthAmounts[];
  /** The newest ledger time applied (`at` of the latest transaction). */
  readonly lastAt: Date | null;
}

/** One line as the read model stores it. */
export interface WalletLineRecord {
  readonly seq: number;
  readonly transactionId: string;
  readonly eventKey: string;
  readonly at: Date;
  readonly kind: TransactionKind;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly account: CreatorAccountKind;
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
}

/** The views a line is listed in, and its place in each. */
export type WalletView = 'all' | `deal:${string}` | `kind:${TransactionKind}`;

export interface PlacedLine {
  readonly view: WalletView;
  /** Its position in the view (1-based, dense). */
  readonly position: number;
  readonly line: WalletLineRecord;
}

export const EMPTY_WALLET: CreatorWalletState = {
  lineCount: 0,
  balances: { held: 0, releasing: 0, paid_out: 0 },
  deals: [],
  kindLineCounts: {},
  months: [],
  lastAt: null,
};

export const dealView = (dealId: string): WalletView => `deal:${dealId}`;
export const kindView = (kind: TransactionKind): WalletView => `kind:${kind}`;

/** How many lines a view has, from the head. */
export function viewLength(state: CreatorWalletState, view: WalletView): number {
  if (view === 'all') return state.lineCount;
  if (view.startsWith('deal:'))
    return state.deals.find(({ dealId }) => `deal:${dealId}` === view)?.lineCount ?? 0;
  return state.kindLineCounts[view.slice('kind:'.length) as TransactionKind] ?? 0;
}

/**
 * Applies transactions (in the order given) to the wallet: the new head, and each new line with
 * its place in every view. Lines of other accounts are ignored; a transaction of another creator
 * adds nothing.
 */
export function applyTransactions(
  start: CreatorWalletState,
  creatorId: string,
  transactions: readonly LedgerTransaction[],
): { state: CreatorWalletState; placed: PlacedLine[] } {
  let lineCount = start.lineCount;
  const balances = { ...start.balances };
  const deals = new Map(start.deals.map((deal) => [deal.dealId, { ...deal }]));
  const kindLineCounts = { ...start.kindLineCounts };
  const months = new Map(start.months.map((month) => [month.month, { ...month }]));
  let lastAt = start.lastAt;
  const placed: PlacedLine[] = [];
  for (const transaction of transactions) {
    for (const { account: name, amountPaise } of transaction.lines) {
      const account = creatorAccountKindOf(name, creatorId);
      if (!account) continue;
      lineCount += 1;
      balances[account] += amountPaise;
      const deal = deals.get(transaction.dealId) ?? {
        dealId: transaction.dealId,
        lineCount: 0,
        held: 0,
        releasing: 0,
        paid_out: 0,
      };
      deal.lineCount += 1;
      deal[account] += amountPaise;
      deals.set(transaction.dealId, deal);
      const kindCount = (kindLineCounts[transaction.kind] ?? 0) + 1;
      kindLineCounts[transaction.kind] = kindCount;
      addToMonth(months, transaction, account, amountPaise);
      const line: WalletLineRecord = {
        seq: lineCount,
        transactionId: transaction.id,
        eventKey: transaction.eventKey,
        at: transaction.at,
        kind: transaction.kind,
        dealId: transaction.dealId,
        milestoneId: transaction.milestoneId,
        account,
        amountPaise,
        balanceAfterPaise: balances[account],
      };
      placed.push(
        { view: 'all', position: lineCount, line },
        { view: dealView(transaction.dealId), position: deal.lineCount, line },
        { view: kindView(transaction.kind), position: kindCount, line },
      );
    }
    if (!lastAt || transaction.at.getTime() > lastAt.getTime()) lastAt = transaction.at;
  }
  return {
    state: {
      lineCount,
      balances,
      deals: [...deals.values()],
      kindLineCounts,
      months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
      lastAt,
    },
    placed,
  };
}

function addToMonth(
  months: Map<string, { month: string; releasedPaise: number; settledPaise: number }>,
  transaction: LedgerTransaction,
  account: CreatorAccountKind,
  amountPaise: number,
): void {
  const released = transaction.kind === 'released' && account === 'releasing';
  const settled = transaction.kind === 'settled' && account === 'paid_out';
  if (!released && !settled) return;
  const month = indianMonthOf(transaction.at);
  const amounts = months.get(month) ?? { month, releasedPaise: 0, settledPaise: 0 };
  if (released) amounts.releasedPaise += amountPaise;
  if (settled) amounts.settledPaise += amountPaise;
  months.set(month, amounts);
}

/**
 * What is wrong with a stored wallet, compared with the one computed from the ledger (empty when
 * nothing): the balances, each deal's, each month's, and the lines (each transaction's lines
 * once, each running balance following from the one before it in its account).
 */
export function walletDifferences(
  expected: CreatorWalletState,
  expectedLines: readonly WalletLineRecord[],
  stored: CreatorWalletState | null,
  storedLines: readonly WalletLineRecord[],
): string[] {
  const actual = stored ?? EMPTY_WALLET;
  const differences: string[] = [];
  for (const account of ['held', 'releasing', 'paid_out'] as const) {
    if (expected.balances[account] !== actual.balances[account])
      differences.push(
        `${account}: stored ${String(actual.balances[account])}, ledger ${String(expected.balances[account])}`,
      );
  }
  const dealKey = (deal: DealBalances) =>
    `${String(deal.lineCount)}/${String(deal.held)}/${String(deal.releasing)}/${String(deal.paid_out)}`;
  const storedDeals = new Map(actual.deals.map((deal) => [deal.dealId, dealKey(deal)]));
  for (const deal of expected.deals) {
    if (storedDeals.get(deal.dealId) !== dealKey(deal))
      differences.push(
        `deal ${deal.dealId}: stored ${storedDeals.get(deal.dealId) ?? 'none'}, ledger ${dealKey(deal)}`,
      );
    storedDeals.delete(deal.dealId);
  }
  for (const dealId of storedDeals.keys()) differences.push(`deal ${dealId}: not in the ledger`);
  const monthKey = (months: readonly MonthAmounts[]) =>
    months.map((m) => `${m.month}=${String(m.releasedPaise)}/${String(m.settledPaise)}`).join(',');
  if (monthKey(expected.months) !== monthKey(actual.months)) differences.push('months differ');
  differences.push(...lineDifferences(expectedLines, storedLines));
  return differences;
}

function lineDifferences(
  expected: readonly WalletLineRecord[],
  stored: readonly WalletLineRecord[],
): string[] {
  const key = (line: WalletLineRecord) =>
    `${line.transactionId}/${line.account}/${String(line.amountPaise)}`;
  const counts = new Map<string, number>();
  for (const line of expected) counts.set(key(line), (counts.get(key(line)) ?? 0) + 1);
  for (const line of stored) counts.set(key(line), (counts.get(key(line)) ?? 0) - 1);
  const differences = [...counts]
    .filter(([, count]) => count !== 0)
    .map(
      ([line, count]) =>
        `line ${line}: ${count > 0 ? 'missing' : 'extra'} ×${String(Math.abs(count))}`,
    );
  const running: AccountBalances = { held: 0, releasing: 0, paid_out: 0 };
  const inOrder = [...stored].sort((a, b) => a.seq - b.seq);
  inOrder.forEach((line, index) => {
    if (line.seq !== index + 1) differences.push(`line ${String(line.seq)}: out of sequence`);
    running[line.account] += line.amountPaise;
    if (line.balanceAfterPaise !== running[line.account])
      differences.push(
        `line ${String(line.seq)}: balance after ${String(line.balanceAfterPaise)}, should be ${String(running[line.account])}`,
      );
  });
  return differences;
}
