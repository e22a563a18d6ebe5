/**
 * The money's keys, in one place: the payment intents' ids (each also the idempotency key of the
 * gateway call it makes) and the ledger's event keys (one transaction per milestone and move).
 * The strings are stored (intents, ledger transactions, the gateway's idempotency records): they
 * never change.
 */

/** `<action>:<deal>:<milestone>`: the key of a milestone's money move. */
const milestoneKey = (action: string, dealId: string, milestoneId: string) =>
  `${action}:${dealId}:${milestoneId}`;

export const intentIds = {
  fund: (dealId: string, milestoneId: string) => milestoneKey('fund', dealId, milestoneId),
  /** The auto-approval of one submission (`round`: the revision rounds used when it was made). */
  approve: (dealId: string, milestoneId: string, round: number) =>
    `${milestoneKey('approve', dealId, milestoneId)}:${String(round)}`,
  release: (dealId: string, milestoneId: string) => milestoneKey('release', dealId, milestoneId),
  settle: (dealId: string, milestoneId: string) => milestoneKey('settle', dealId, milestoneId),
  refund: (dealId: string, milestoneId: string) => milestoneKey('refund', dealId, milestoneId),
  /** A cancellation's refund, one per proposal (its gateway calls keep the refund's keys). */
  cancellationRefund: (dealId: string, milestoneId: string, proposedAt: Date) =>
    `${milestoneKey('refund', dealId, milestoneId)}:cancel:${String(proposedAt.getTime())}`,
  refundPayment: (paymentId: string) => `refund_payment:${paymentId}`,
} as const;

/** The ledger's event keys, by the transaction's kind: the same strings as the moves' intents. */
export const eventKeys = {
  funded: ({ dealId, milestoneId }: MilestoneKeyRef) => intentIds.fund(dealId, milestoneId),
  released: ({ dealId, milestoneId }: MilestoneKeyRef) => intentIds.release(dealId, milestoneId),
  settled: ({ dealId, milestoneId }: MilestoneKeyRef) => intentIds.settle(dealId, milestoneId),
  refunded: ({ dealId, milestoneId }: MilestoneKeyRef) => intentIds.refund(dealId, milestoneId),
} as const;

/** The idempotency key of reversing a refunded milestone's transfer. */
export const reverseKeyOf = (dealId: string, milestoneId: string) =>
  milestoneKey('reverse', dealId, milestoneId);

/** The idempotency key of reversing a stray payment's transfer. */
export const strayReverseKeyOf = (intentId: string, transferId: string) =>
  `reverse:${intentId}:${transferId}`;

interface MilestoneKeyRef {
  readonly dealId: string;
  readonly milestoneId: string;
}
