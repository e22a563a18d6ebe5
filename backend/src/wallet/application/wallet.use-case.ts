import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { neutraliseCell } from '../../common/domain/csv-cells.js';
import { DealReads } from '../../deals/deals.contract.js';
import {
  type CreatorLedgerLine,
  CreatorWalletReader,
  type TransactionKind,
  type WalletFreshness,
} from '../../ledger/ledger.contract.js';
import { PayoutAccounts } from '../../payouts/payouts.contract.js';
import { type WalletSummary, walletSummaryOf } from '../domain/wallet.js';

export interface TransactionFilters {
  readonly dealId?: string | undefined;
  readonly kind?: TransactionKind | undefined;
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
}

/** A page of lines; `nextCursor` addresses the next (older) page. */
export interface WalletLinePage extends WalletFreshness {
  readonly items: WalletLine[];
  readonly total: number;
  readonly nextCursor: string | null;
}

export interface WalletLine extends CreatorLedgerLine {
  readonly dealTitle: string;
  readonly milestoneName: string;
}

/** The most lines one CSV download carries (the page tells the total). */
export const MAX_CSV_LINES = 50_000;

// Money in and out in two unsigned columns, as a bank statement prints them: a spreadsheet reads
// them as numbers, and no amount starts with the `-` that formula neutralising would quote.
const CSV_HEADER = [
  'Date (UTC)',
  'Deal',
  'Deal id',
  'Milestone',
  'Milestone id',
  'What happened',
  'Account',
  'Money in (INR)',
  'Money out (INR)',
  'Balance after (INR)',
];

/** Paise as rupees with two decimals ("125000.50"), by integer arithmetic. */
export function decimalRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${String(Math.trunc(absolute / 100))}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * The wallet's reads (#27): figures, the ledger lines with filters, CSV, the payout destination.
 * All from the wallet read model (#38): the figures are its head, a page is its blocks by key.
 */
@Injectable()
export class WalletQueries {
  constructor(
    private readonly ledger: CreatorWalletReader,
    private readonly deals: DealReads,
    private readonly clock: Clock,
    private readonly payouts: PayoutAccounts,
  ) {}

  async summary(
    creatorId: string,
  ): Promise<WalletSummary & WalletFreshness & { titles: ReadonlyMap<string, string> }> {
    const [wallet, titles] = await Promise.all([
      this.ledger.walletOf(creatorId),
      this.titles(creatorId),
    ]);
    return {
      ...walletSummaryOf(wallet.state, this.clock.now()),
      asOf: wallet.asOf,
      pendingChanges: wallet.pendingChanges,
      titles,
    };
  }

  /** A page of lines: `page` by number, or the page after `cursor` (then `page` is not used). */
  async transactions(
    creatorId: string,
    filters: TransactionFilters,
    page: number,
    pageSize: number,
    cursor?: string,
  ): Promise<WalletLinePage> {
    const [result, names] = await Promise.all([
      this.ledger.walletLines({
        creatorId,
        ...definedFilters(filters),
        page,
        pageSize,
        ...(cursor !== undefined && { cursor }),
      }),
      this.names(creatorId),
    ]);
    return {
      ...result,
      items: result.items.map((line) => ({
        ...line,
        dealTitle: names.deals.get(line.dealId) ?? '',
        milestoneName: names.milestones.get(`${line.dealId}:${line.milestoneId}`) ?? '',
      })),
    };
  }

  /** The CSV's rows (header first), every cell neutralised against formula injection. */
  async csvRows(creatorId: string, filters: TransactionFilters): Promise<string[][]> {
    const { items } = await this.transactions(creatorId, filters, 1, MAX_CSV_LINES);
    return [
      CSV_HEADER,
      ...items.map((line) =>
        [
          line.at.toISOString(),
          line.dealTitle,
          line.dealId,
          line.milestoneName,
          line.milestoneId,
          line.kind,
          line.account,
          line.amountPaise > 0 ? decimalRupees(line.amountPaise) : '',
          line.amountPaise < 0 ? decimalRupees(-line.amountPaise) : '',
          decimalRupees(line.balanceAfterPaise),
        ].map(neutraliseCell),
      ),
    ];
  }

  async payoutDestination(creatorId: string): Promise<string | null> {
    const destination = await this.payouts.verifiedDestination(creatorId);
    return destination?.maskedDestination ?? null;
  }

  private async titles(creatorId: string): Promise<ReadonlyMap<string, string>> {
    return (await this.names(creatorId)).deals;
  }

  /** Deal titles by deal id, milestone names by `dealId:milestoneId`. */
  private async names(creatorId: string) {
    const summaries = await this.deals.summaries(creatorId);
    return {
      deals: new Map(summaries.map(({ id, title }) => [id, title])),
      milestones: new Map(
        summaries.flatMap(({ id, milestones }) =>
          milestones.map((milestone) => [`${id}:${milestone.id}`, milestone.name] as const),
        ),
      ),
    };
  }
}

function definedFilters(filters: TransactionFilters) {
  return {
    ...(filters.dealId !== undefined && { dealId: filters.dealId }),
    ...(filters.kind !== undefined && { kind: filters.kind }),
    ...(filters.from !== undefined && { from: filters.from }),
    ...(filters.to !== undefined && { to: filters.to }),
  };
}
