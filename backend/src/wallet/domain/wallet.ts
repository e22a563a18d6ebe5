/**
 * The creator's wallet (#27), derived from the ledger: three figures — held (funded, not yet
 * approved), releasing (approved, hold lifted, not settled), paid out (settled) — each split by
 * deal, and the money released per month (India's calendar). Plain TypeScript.
 */
import type {
  CreatorAccountKind,
  CreatorLedgerLine,
  CreatorWalletState,
} from '../../ledger/ledger.contract.js';

export interface DealAmount {
  readonly dealId: string;
  readonly amountPaise: number;
}

export interface WalletFigure {
  readonly totalPaise: number;
  readonly deals: readonly DealAmount[];
}

export interface MonthAmount {
  /** YYYY-MM, India's calendar. */
  readonly month: string;
  readonly amountPaise: number;
}

export interface WalletSummary {
  readonly held: WalletFigure;
  readonly releasing: WalletFigure;
  readonly paidOut: WalletFigure;
  readonly paidOutThisMonthPaise: number;
  readonly releasedByMonth: readonly MonthAmount[];
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export function indianMonthOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/** The `count` months up to and including the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const [year = 0, month = 1] = indianMonthOf(now).split('-').map(Number);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    months.push(`${String(Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

function figure(lines: readonly CreatorLedgerLine[], account: CreatorAccountKind): WalletFigure {
  const byDeal = new Map<string, number>();
  for (const line of lines) {
    if (line.account !== account) continue;
    byDeal.set(line.dealId, (byDeal.get(line.dealId) ?? 0) + line.amountPaise);
  }
  const deals = [...byDeal]
    .filter(([, amountPaise]) => amountPaise !== 0)
    .map(([dealId, amountPaise]) => ({ dealId, amountPaise }))
    .sort((a, b) => b.amountPaise - a.amountPaise);
  return { totalPaise: deals.reduce((total, { amountPaise }) => total + amountPaise, 0), deals };
}

/** The wallet from every one of the creator's ledger lines (any order). */
export function walletSummary(
  lines: readonly CreatorLedgerLine[],
  now: Date,
  months = 12,
): WalletSummary {
  const thisMonth = indianMonthOf(now);
  const released = new Map(lastMonths(now, months).map((month) => [month, 0]));
  let paidOutThisMonthPaise = 0;
  for (const line of lines) {
    const month = indianMonthOf(line.at);
    if (line.kind === 'released' && line.account === 'releasing' && released.has(month)) {
      released.set(month, (released.get(month) ?? 0) + line.amountPaise);
    }
    if (line.kind === 'settled' && line.account === 'paid_out' && month === thisMonth) {
      paidOutThisMonthPaise += line.amountPaise;
    }
  }
  return {
    held: figure(lines, 'held'),
    releasing: figure(lines, 'releasing'),
    paidOut: figure(lines, 'paid_out'),
    paidOutThisMonthPaise,
    releasedByMonth: [...released].map(([month, amountPaise]) => ({ month, amountPaise })),
  };
}

function figureOf(state: CreatorWalletState, account: CreatorAccountKind): WalletFigure {
  const deals = state.deals
    .filter((deal) => deal[account] !== 0)
    .map((deal) => ({ dealId: deal.dealId, amountPaise: deal[account] }))
    .sort((a, b) => b.amountPaise - a.amountPaise);
  return { totalPaise: deals.reduce((total, { amountPaise }) => total + amountPaise, 0), deals };
}

/** The same wallet from the read model's head (#38): its per-deal and per-month sums. */
export function walletSummaryOf(state: CreatorWalletState, now: Date, months = 12): WalletSummary {
  const byMonth = new Map(state.months.map((month) => [month.month, month]));
  return {
    held: figureOf(state, 'held'),
    releasing: figureOf(state, 'releasing'),
    paidOut: figureOf(state, 'paid_out'),
    paidOutThisMonthPaise: byMonth.get(indianMonthOf(now))?.settledPaise ?? 0,
    releasedByMonth: lastMonths(now, months).map((month) => ({
      month,
      amountPaise: byMonth.get(month)?.releasedPaise ?? 0,
    })),
  };
}
