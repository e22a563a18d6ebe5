import { InvalidCursorError, OpaqueCursor } from '../../database/read-models/index.js';
import {
  type CreatorWalletState,
  dealView,
  kindView,
  viewLength,
  type WalletLineRecord,
  type WalletView,
} from '../domain/creator-wallet.js';
import {
  type CreatorLedgerLine,
  type CreatorWalletView,
  InvalidPageCursorError,
  type WalletLinesPage,
  type WalletLinesQuery,
} from '../ledger.contract.js';
import type { CreatorWalletReadModel } from './creator-wallet-read-model.js';

/** Where a cursor of the creator's lines points: the list (view and filters) and the position. */
interface LinesCursor {
  readonly list: string;
  readonly before: number;
}

function toCreatorLine(line: WalletLineRecord): CreatorLedgerLine {
  return {
    transactionId: line.transactionId,
    at: line.at,
    kind: line.kind,
    dealId: line.dealId,
    milestoneId: line.milestoneId,
    account: line.account,
    amountPaise: line.amountPaise,
    balanceAfterPaise: line.balanceAfterPaise,
  };
}

/**
 * The wallet's pages of lines over the read model, with signed cursors that name the list (view
 * and filters) they belong to, so a cursor cannot be replayed against another list or creator.
 */
export class WalletLinesPages {
  private readonly cursors: OpaqueCursor<LinesCursor>;

  constructor(
    private readonly wallets: CreatorWalletReadModel,
    cursorSecret: string,
  ) {
    this.cursors = new OpaqueCursor<LinesCursor>(cursorSecret, 'wallet-lines');
  }

  /**
   * A page of the creator's lines, newest first, from the read model: the deal or kind filter is a
   * view of its own (the page's blocks by key); both at once, or a date range, read the smaller
   * view whole and filter it (bounded by the creator's own lines, never the ledger).
   */
  async page(query: WalletLinesQuery, wallet: CreatorWalletView): Promise<WalletLinesPage> {
    const view: WalletView =
      query.dealId !== undefined
        ? dealView(query.dealId)
        : query.kind !== undefined
          ? kindView(query.kind)
          : 'all';
    const list = JSON.stringify([view, query.kind ?? null, query.from ?? null, query.to ?? null]);
    const before = query.cursor === undefined ? undefined : this.cursorPosition(query, list);
    const keyed =
      query.from === undefined &&
      query.to === undefined &&
      (query.dealId === undefined || query.kind === undefined);
    const page = keyed
      ? await this.keyedPage(query, wallet.state, view, before)
      : await this.filteredPage(query, wallet.state, view, before);
    return {
      items: page.items.map(toCreatorLine),
      total: page.total,
      nextCursor:
        page.nextBefore === null
          ? null
          : this.cursors.encode(query.creatorId, { list, before: page.nextBefore }),
      asOf: wallet.asOf,
      pendingChanges: wallet.pendingChanges,
    };
  }

  private cursorPosition(query: WalletLinesQuery, list: string): number {
    try {
      const position = this.cursors.decode(query.creatorId, query.cursor ?? '');
      if (position.list !== list || !Number.isSafeInteger(position.before) || position.before < 1)
        throw new InvalidCursorError();
      return position.before;
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new InvalidPageCursorError();
      throw error;
    }
  }

  /** The positions of the page asked for: by page number, or below a cursor's position. */
  private rangeOf(query: WalletLinesQuery, total: number, before: number | undefined) {
    return before === undefined
      ? this.wallets.range.newestFirst(total, query.page, query.pageSize)
      : this.wallets.range.below(Math.min(before, total + 1), query.pageSize);
  }

  private async keyedPage(
    query: WalletLinesQuery,
    state: CreatorWalletState,
    view: WalletView,
    before: number | undefined,
  ) {
    const total = viewLength(state, view);
    const range = this.rangeOf(query, total, before);
    const items = await this.wallets.lines(query.creatorId, view, range);
    return { items, total, nextBefore: nextBefore(range) };
  }

  private async filteredPage(
    query: WalletLinesQuery,
    state: CreatorWalletState,
    view: WalletView,
    before: number | undefined,
  ) {
    const length = viewLength(state, view);
    const lines =
      view === 'all'
        ? await this.wallets.allLines(query.creatorId)
        : await this.wallets.lines(query.creatorId, view, { first: 1, last: length });
    const matching = lines
      .filter(
        (line) =>
          (query.kind === undefined || line.kind === query.kind) &&
          (query.from === undefined || line.at.getTime() >= query.from.getTime()) &&
          (query.to === undefined || line.at.getTime() < query.to.getTime()),
      )
      .sort((a, b) => b.seq - a.seq);
    // Positions count from the oldest matching line (1) up, like a view's.
    const total = matching.length;
    const range = this.rangeOf(query, total, before);
    const items = matching.slice(total - range.last, total - range.first + 1);
    return { items, total, nextBefore: nextBefore(range) };
  }
}

/** Where the next page starts: below this page's oldest line, unless it reached the first. */
function nextBefore(range: { first: number; last: number }): number | null {
  return range.first > 1 && range.last >= range.first ? range.first : null;
}
