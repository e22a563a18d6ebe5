import {
  brandPaidAccount,
  brandRefundedAccount,
  creatorAccount,
  type BalancedTransaction,
  balancedTransaction,
  FEES_ACCOUNT,
} from '../../ledger/ledger.contract.js';
import {
  type Deal,
  type Milestone,
  MILESTONE_TRANSITIONS,
  type MilestoneAction,
  type MoneyLedgerKind,
} from '../../deals/deals.contract.js';
import { eventKeys } from './money-keys.js';

/** What a ledger transaction of a milestone needs to know. */
export interface MilestoneRef {
  readonly dealId: string;
  readonly milestoneId: string;
  readonly creatorId: string;
  readonly amountPaise: number;
  readonly feePaise: number;
}

/** The milestone an intent or a ledger transaction is about: whose, how much, and the fee kept. */
export function refOf(deal: Deal, milestone: Milestone): MilestoneRef {
  return {
    dealId: deal.id,
    milestoneId: milestone.id,
    creatorId: deal.creatorId,
    amountPaise: milestone.amountPaise,
    feePaise: milestone.funding?.feePaise ?? 0,
  };
}

const base = (ref: MilestoneRef, at: Date) => ({
  creatorId: ref.creatorId,
  dealId: ref.dealId,
  milestoneId: ref.milestoneId,
  at,
});

/** The brand's payment, held at the gateway for the creator. */
export function fundedTransaction(ref: MilestoneRef, at: Date): BalancedTransaction {
  return balancedTransaction({
    ...base(ref, at),
    eventKey: eventKeys.funded(ref),
    kind: 'funded',
    lines: [
      { account: brandPaidAccount(ref.dealId), amountPaise: -ref.amountPaise },
      { account: creatorAccount(ref.creatorId, 'held'), amountPaise: ref.amountPaise },
    ],
  });
}

/** The hold lifted: the creator's share on its way to the bank, Paylock's fee kept. */
export function releasedTransaction(ref: MilestoneRef, at: Date): BalancedTransaction {
  return balancedTransaction({
    ...base(ref, at),
    eventKey: eventKeys.released(ref),
    kind: 'released',
    lines: [
      { account: creatorAccount(ref.creatorId, 'held'), amountPaise: -ref.amountPaise },
      {
        account: creatorAccount(ref.creatorId, 'releasing'),
        amountPaise: ref.amountPaise - ref.feePaise,
      },
      ...(ref.feePaise > 0 ? [{ account: FEES_ACCOUNT, amountPaise: ref.feePaise }] : []),
    ],
  });
}

/** The gateway settled the creator's share to their bank account. */
export function settledTransaction(ref: MilestoneRef, at: Date): BalancedTransaction {
  const share = ref.amountPaise - ref.feePaise;
  return balancedTransaction({
    ...base(ref, at),
    eventKey: eventKeys.settled(ref),
    kind: 'settled',
    lines: [
      { account: creatorAccount(ref.creatorId, 'releasing'), amountPaise: -share },
      { account: creatorAccount(ref.creatorId, 'paid_out'), amountPaise: share },
    ],
  });
}

/** The held money returned to the brand. */
export function refundedTransaction(ref: MilestoneRef, at: Date): BalancedTransaction {
  return balancedTransaction({
    ...base(ref, at),
    eventKey: eventKeys.refunded(ref),
    kind: 'refunded',
    lines: [
      { account: creatorAccount(ref.creatorId, 'held'), amountPaise: -ref.amountPaise },
      { account: brandRefundedAccount(ref.dealId), amountPaise: ref.amountPaise },
    ],
  });
}

/** The transaction of each ledger kind a milestone's move records (milestone.ts names the kind). */
export const transactionOf: Readonly<
  Record<MoneyLedgerKind, (ref: MilestoneRef, at: Date) => BalancedTransaction>
> = {
  funded: fundedTransaction,
  released: releasedTransaction,
  settled: settledTransaction,
  refunded: refundedTransaction,
};

/** The ledger transaction of the money move `action` (milestone.ts says which kind). */
export function moveTransaction(
  action: MilestoneAction,
  ref: MilestoneRef,
  at: Date,
): BalancedTransaction {
  const money = MILESTONE_TRANSITIONS[action].money;
  if (money === null) throw new Error(`The move ${action} moves no money`);
  return transactionOf[money.ledger](ref, at);
}
