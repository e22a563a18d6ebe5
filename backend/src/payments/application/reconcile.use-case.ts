import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import type { Deal, Milestone } from '../../deals/deals.contract.js';
import { LedgerAudit, type LedgerTransaction } from '../../ledger/ledger.contract.js';
import { PaymentGateway } from './ports/payment-gateway.port.js';
import { MoneyDeals } from './ports/money-deals.js';
import {
  type ReconciliationDifference,
  type ReconciliationReport,
  ReconciliationReports,
} from './ports/reconciliation-reports.js';
import { PaymentsSettings } from './ports/payments-settings.js';

const PAGE = 100;
/** States a milestone is in once its money was taken: each must have its ledger transactions. */
const FUNDED_STATES = new Set(['funded', 'submitted', 'changes_requested', 'approved', 'disputed']);

/**
 * Compares the ledger with the gateway (ADR 0042): every funded milestone's payment (captured,
 * amount, refunds), its transfer (amount, hold, reversal, settlement) and the ledger's
 * transactions for it; every transaction balanced, the whole journal summing to zero. The report
 * is stored; the admin overview shows how many differences the last one found.
 */
@Injectable()
export class Reconcile {
  constructor(
    private readonly deals: MoneyDeals,
    private readonly ledger: LedgerAudit,
    private readonly gateway: PaymentGateway,
    private readonly reports: ReconciliationReports,
    private readonly settings: PaymentsSettings,
    private readonly clock: Clock,
  ) {}

  /** The scheduled run: one instance per interval window does it. */
  async runIfDue(): Promise<ReconciliationReport | undefined> {
    const interval = this.settings.reconciliationIntervalMs;
    const windowStart = new Date(Math.floor(this.clock.now().getTime() / interval) * interval);
    if (!(await this.reports.claimWindow(windowStart))) return undefined;
    return this.execute();
  }

  async execute(): Promise<ReconciliationReport> {
    const differences: ReconciliationDifference[] = [];
    let checkedMilestones = 0;
    let afterId: string | null = null;
    for (;;) {
      const deals: Deal[] = await this.deals.funded(afterId, PAGE);
      for (const deal of deals) {
        const transactions = await this.ledger.transactionsOfDeal(deal.id);
        for (const milestone of deal.milestones) {
          if (!milestone.funding?.paymentId) continue;
          checkedMilestones += 1;
          differences.push(...(await this.milestoneDifferences(deal, milestone, transactions)));
        }
      }
      if (deals.length < PAGE) break;
      afterId = deals.at(-1)?.id ?? null;
    }
    let checkedTransactions = 0;
    for await (const page of this.ledger.everyTransaction(1_000)) {
      for (const transaction of page) {
        checkedTransactions += 1;
        if (
          transaction.lines.length < 2 ||
          transaction.lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0) !== 0 ||
          !transaction.lines.every(({ amountPaise }) => Number.isSafeInteger(amountPaise))
        ) {
          differences.push(
            difference(
              'unbalanced_transaction',
              transaction.dealId,
              transaction.milestoneId,
              `Transaction ${transaction.eventKey} does not balance`,
              null,
              null,
            ),
          );
        }
      }
    }
    for (const creatorId of await this.ledger.creatorsWithTransactions()) {
      if (!(await this.ledger.rebuildCheckpoint(creatorId, this.clock.now()))) {
        differences.push(
          difference(
            'balance_checkpoint',
            null,
            null,
            `The cached balances of creator ${creatorId} did not match their lines (rebuilt)`,
            null,
            null,
          ),
        );
      }
    }
    const total = [...(await this.ledger.accountBalances()).values()].reduce(
      (sum, value) => sum + value,
      0,
    );
    if (total !== 0) {
      differences.push(
        difference(
          'journal_not_zero',
          null,
          null,
          'The ledger accounts do not sum to zero',
          total,
          0,
        ),
      );
    }
    const report: ReconciliationReport = {
      ranAt: this.clock.now(),
      checkedMilestones,
      checkedTransactions,
      differences,
    };
    await this.reports.save(report);
    return report;
  }

  private async milestoneDifferences(
    deal: Deal,
    milestone: Milestone,
    transactions: readonly LedgerTransaction[],
  ): Promise<ReconciliationDifference[]> {
    const funding = milestone.funding;
    if (!funding?.paymentId) return [];
    const found: ReconciliationDifference[] = [];
    const mine = transactions.filter(({ milestoneId }) => milestoneId === milestone.id);
    const has = (kind: LedgerTransaction['kind']) => mine.some((item) => item.kind === kind);
    const add = (
      kind: string,
      message: string,
      ledgerPaise: number | null,
      gatewayPaise: number | null,
    ) => found.push(difference(kind, deal.id, milestone.id, message, ledgerPaise, gatewayPaise));
    const share = milestone.amountPaise - funding.feePaise;

    const payment = await this.gateway.fetchPayment(funding.paymentId);
    const paymentTaken = payment.status === 'captured' || payment.status === 'refunded';
    if (!has('funded'))
      add(
        'payment_not_in_ledger',
        'A captured payment has no funded transaction',
        null,
        payment.amountPaise,
      );
    if (!paymentTaken)
      add('payment_not_captured', `The payment is ${payment.status}`, milestone.amountPaise, 0);
    else if (payment.amountPaise !== milestone.amountPaise) {
      add(
        'payment_amount',
        'The payment is not for the milestone amount',
        milestone.amountPaise,
        payment.amountPaise,
      );
    }
    const refunded = has('refunded');
    if (refunded !== payment.amountRefundedPaise >= milestone.amountPaise) {
      add(
        'refund',
        refunded
          ? 'Refunded in the ledger, not at the gateway'
          : 'Refunded at the gateway, not in the ledger',
        refunded ? milestone.amountPaise : 0,
        payment.amountRefundedPaise,
      );
    }
    if (FUNDED_STATES.has(milestone.state) && !has('funded')) {
      add(
        'state_without_transaction',
        `The milestone is ${milestone.state} without a funded transaction`,
        null,
        null,
      );
    }
    if (funding.transferId === null) {
      add('transfer_missing', 'A funded milestone without its transfer', share, null);
      return found;
    }
    const transfer = await this.gateway.fetchTransfer(funding.transferId);
    if (transfer.amountPaise !== share)
      add(
        'transfer_amount',
        "The transfer is not the creator's share",
        share,
        transfer.amountPaise,
      );
    const released = has('released');
    const reversed = transfer.amountReversedPaise >= transfer.amountPaise;
    if (!refunded && released === transfer.onHold) {
      add(
        'hold',
        released
          ? 'Released in the ledger, still on hold at the gateway'
          : 'Hold lifted at the gateway, not released in the ledger',
        released ? 0 : share,
        transfer.onHold ? share : 0,
      );
    }
    if (refunded !== reversed) {
      add(
        'transfer_reversal',
        refunded
          ? 'Refunded in the ledger, transfer not reversed'
          : 'Transfer reversed, not refunded in the ledger',
        null,
        transfer.amountReversedPaise,
      );
    }
    const settled = has('settled');
    if (settled !== (transfer.settlementStatus === 'settled' && !reversed)) {
      if (settled || milestone.state === 'released' || milestone.state === 'settled') {
        add(
          'settlement',
          settled
            ? 'Settled in the ledger, not at the gateway'
            : 'Settled at the gateway, not in the ledger',
          settled ? share : 0,
          transfer.settlementStatus === 'settled' ? share : 0,
        );
      }
    }
    return found;
  }
}

function difference(
  kind: string,
  dealId: string | null,
  milestoneId: string | null,
  message: string,
  ledgerPaise: number | null,
  gatewayPaise: number | null,
): ReconciliationDifference {
  return { kind, dealId, milestoneId, message, ledgerPaise, gatewayPaise };
}
