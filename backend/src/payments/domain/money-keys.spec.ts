import { MILESTONE_TRANSITIONS, type MilestoneAction } from '../../deals/deals.contract.js';
import { eventKeys, intentIds, reverseKeyOf, strayReverseKeyOf } from './money-keys.js';
import { moveTransaction } from './money-transactions.js';

const REF = {
  dealId: 'd1',
  milestoneId: 'm1',
  creatorId: 'asha',
  amountPaise: 100_000,
  feePaise: 2_000,
};
const AT = new Date('2026-11-27T10:00:00Z');

describe('the money keys', () => {
  // Stored in the intents, the ledger and the gateway's idempotency records: never to change.
  it('builds the intent ids as they are stored', () => {
    expect(intentIds.fund('d1', 'm1')).toBe('fund:d1:m1');
    expect(intentIds.approve('d1', 'm1', 2)).toBe('approve:d1:m1:2');
    expect(intentIds.release('d1', 'm1')).toBe('release:d1:m1');
    expect(intentIds.settle('d1', 'm1')).toBe('settle:d1:m1');
    expect(intentIds.refund('d1', 'm1')).toBe('refund:d1:m1');
    expect(intentIds.cancellationRefund('d1', 'm1', AT)).toBe(
      `refund:d1:m1:cancel:${String(AT.getTime())}`,
    );
    expect(intentIds.refundPayment('pay_1')).toBe('refund_payment:pay_1');
    expect(reverseKeyOf('d1', 'm1')).toBe('reverse:d1:m1');
    expect(strayReverseKeyOf('refund_payment:pay_1', 'trf_1')).toBe(
      'reverse:refund_payment:pay_1:trf_1',
    );
  });

  it('builds the ledger event keys as they are stored', () => {
    expect(eventKeys.funded(REF)).toBe('fund:d1:m1');
    expect(eventKeys.released(REF)).toBe('release:d1:m1');
    expect(eventKeys.settled(REF)).toBe('settle:d1:m1');
    expect(eventKeys.refunded(REF)).toBe('refund:d1:m1');
  });

  it.each(['fund', 'release', 'settle', 'refund'] as const)(
    "records %s as the lifecycle's ledger kind, under its event key",
    (action: MilestoneAction) => {
      const transaction = moveTransaction(action, REF, AT);
      expect(transaction.kind).toBe(MILESTONE_TRANSITIONS[action].money?.ledger);
      expect(transaction.eventKey).toBe(`${action}:d1:m1`);
    },
  );

  it('has no ledger transaction for a move without money', () => {
    expect(() => moveTransaction('submit', REF, AT)).toThrow('moves no money');
  });
});
