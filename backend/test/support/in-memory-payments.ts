import {
  type LedgerTransaction,
  LedgerWriter,
  type BalancedTransaction,
} from '../../src/ledger/ledger.contract.js';
import type { GatewayWebhookEvent } from '../../src/payment-gateway/payment-gateway.contract.js';
import {
  type NewPaymentIntent,
  type PaymentIntent,
  PaymentIntents,
} from '../../src/payments/application/ports/payment-intents.js';
import { WebhookInbox } from '../../src/payments/application/ports/webhook-inbox.js';

/** The ledger in an array: unique by event key, balanced by construction like the Mongo adapter's. */
export class InMemoryLedger extends LedgerWriter {
  readonly transactions: LedgerTransaction[] = [];

  record(
    transaction: BalancedTransaction,
  ): Promise<{ transaction: LedgerTransaction; created: boolean }> {
    const first = this.transactions.find(({ eventKey }) => eventKey === transaction.eventKey);
    if (first) return Promise.resolve({ transaction: first, created: false });
    const { eventKey, kind, creatorId, dealId, milestoneId, at, lines } = transaction;
    const id = String(this.transactions.length + 1).padStart(8, '0');
    const stored = { id, eventKey, kind, creatorId, dealId, milestoneId, at, lines };
    this.transactions.push(stored);
    return Promise.resolve({ transaction: stored, created: true });
  }

  balance(account: string): number {
    return this.transactions
      .flatMap(({ lines }) => lines)
      .filter((line) => line.account === account)
      .reduce((sum, { amountPaise }) => sum + amountPaise, 0);
  }
}

export class InMemoryPaymentIntents extends PaymentIntents {
  readonly intents = new Map<string, PaymentIntent>();

  open(intent: NewPaymentIntent): Promise<PaymentIntent> {
    const existing = this.intents.get(intent.id);
    if (existing) return Promise.resolve(existing);
    const stored: PaymentIntent = {
      ...intent,
      orderId: intent.orderId ?? null,
      paymentId: intent.paymentId ?? null,
      linkedAccountId: intent.linkedAccountId ?? null,
      attempts: 0,
      doneAt: null,
      lastError: null,
    };
    this.intents.set(intent.id, stored);
    return Promise.resolve(stored);
  }

  find(id: string): Promise<PaymentIntent | undefined> {
    return Promise.resolve(this.intents.get(id));
  }

  findByOrder(orderId: string): Promise<PaymentIntent | undefined> {
    return Promise.resolve(
      [...this.intents.values()].find((item) => item.kind === 'fund' && item.orderId === orderId),
    );
  }

  findByPayment(paymentId: string): Promise<PaymentIntent[]> {
    return Promise.resolve(
      [...this.intents.values()].filter((item) => item.paymentId === paymentId),
    );
  }

  setOrder(id: string, orderId: string): Promise<void> {
    const intent = this.intents.get(id);
    if (intent?.orderId === null) this.intents.set(id, { ...intent, orderId });
    return Promise.resolve();
  }

  due(now: Date, limit: number): Promise<PaymentIntent[]> {
    return Promise.resolve(
      [...this.intents.values()]
        .filter((item) => item.doneAt === null && item.nextAttemptAt.getTime() <= now.getTime())
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
        .slice(0, limit),
    );
  }

  lease(): Promise<boolean> {
    return Promise.resolve(true);
  }

  retryAt(id: string, at: Date, attempts: number, error: string | null): Promise<void> {
    const intent = this.intents.get(id);
    if (intent && intent.doneAt === null)
      this.intents.set(id, { ...intent, nextAttemptAt: at, attempts, lastError: error });
    return Promise.resolve();
  }

  markDone(id: string, at: Date): Promise<void> {
    const intent = this.intents.get(id);
    if (intent && intent.doneAt === null)
      this.intents.set(id, { ...intent, doneAt: at, lastError: null });
    return Promise.resolve();
  }

  openCount(): Promise<number> {
    return Promise.resolve(
      [...this.intents.values()].filter(({ doneAt }) => doneAt === null).length,
    );
  }
}

export class InMemoryWebhookInbox extends WebhookInbox {
  readonly events = new Map<
    string,
    { event: GatewayWebhookEvent; processedAt: Date | null; receivedAt: Date }
  >();

  store(event: GatewayWebhookEvent, receivedAt: Date): Promise<boolean> {
    if (this.events.has(event.id)) return Promise.resolve(false);
    this.events.set(event.id, { event, processedAt: null, receivedAt });
    return Promise.resolve(true);
  }

  markProcessed(eventId: string, at: Date): Promise<void> {
    const stored = this.events.get(eventId);
    if (stored) stored.processedAt = at;
    return Promise.resolve();
  }

  unprocessed(before: Date, limit: number): Promise<GatewayWebhookEvent[]> {
    return Promise.resolve(
      [...this.events.values()]
        .filter(
          ({ processedAt, receivedAt }) =>
            processedAt === null && receivedAt.getTime() < before.getTime(),
        )
        .slice(0, limit)
        .map(({ event }) => event),
    );
  }
}
