import { isHandledEventType, referencesOf } from './webhook-event.js';

describe('what a gateway event names', () => {
  it('handles payments, orders, transfers, settlements, refunds and linked accounts only', () => {
    for (const type of [
      'payment.captured',
      'order.paid',
      'transfer.processed',
      'settlement.processed',
      'refund.processed',
      'product.route.activated',
      'account.suspended',
    ]) {
      expect(isHandledEventType(type)).toBe(true);
    }
    for (const type of ['invoice.paid', 'subscription.charged', '', 'payment'.padEnd(200, 'x')]) {
      expect(isHandledEventType(type)).toBe(false);
    }
  });

  it("reads only the ids of what the event's entities name, never amounts or states", () => {
    expect(
      referencesOf({
        payment: { entity: { id: 'pay_1', order_id: 'order_1', amount: 999 } },
        order: { entity: { id: 'order_1' } },
        transfer: { entity: { id: 'trf_1', source: 'pay_1' } },
        merchant_product: { id: 'prd_1', account_id: 'acc_1' },
      }),
    ).toEqual({
      orderIds: ['order_1'],
      paymentIds: ['pay_1'],
      transferIds: ['trf_1'],
      accountIds: ['acc_1'],
    });
    expect(referencesOf({ payment: { entity: { id: '../../etc', order_id: 42 } } })).toEqual({
      orderIds: [],
      paymentIds: [],
      transferIds: [],
      accountIds: [],
    });
  });
});
