import { Injectable, Logger } from '@nestjs/common';
import { PayoutAccountEvents } from '../../payouts/payouts.contract.js';
import { Clock } from '../../common/application/clock.js';
import { isHandledEventType, referencesOf } from '../domain/webhook-event.js';
import { WebhookRejectedError } from '../domain/payment.errors.js';
import { MoneyEngine } from './money-engine.js';
import { type GatewayWebhookEvent, PaymentGateway } from './ports/payment-gateway.port.js';
import { PaymentIntents } from './ports/payment-intents.js';
import { WebhookInbox } from './ports/webhook-inbox.js';

export type WebhookOutcome = 'processed' | 'duplicate' | 'deferred';

/**
 * A gateway webhook: the signature checked on the raw body before anything else (an unsigned,
 * badly signed or unknown event → WebhookRejectedError, nothing stored), the event stored once
 * by its id, then processed by syncing what it references with the gateway's current state.
 * A failure while processing leaves the event stored and unprocessed: the worker picks it up.
 */
@Injectable()
export class ProcessWebhook {
  private readonly logger = new Logger(ProcessWebhook.name);

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly inbox: WebhookInbox,
    private readonly intents: PaymentIntents,
    private readonly engine: MoneyEngine,
    private readonly clock: Clock,
    /** The payout profiles, told when the gateway reports a change of a linked account. */
    private readonly accounts: PayoutAccountEvents,
  ) {}

  async execute(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): Promise<WebhookOutcome> {
    const event = this.gateway.verifyWebhook(rawBody, signature, eventId);
    if (!event || !isHandledEventType(event.type) || event.id.length > 100) {
      throw new WebhookRejectedError();
    }
    if (!(await this.inbox.store(event, this.clock.now()))) return 'duplicate';
    try {
      await this.process(event);
    } catch (error) {
      this.logger.warn(
        { eventId: event.id, err: error },
        'Webhook stored; processing failed and will be retried by the worker',
      );
      return 'deferred';
    }
    await this.inbox.markProcessed(event.id, this.clock.now());
    return 'processed';
  }

  /** Syncs every order, payment and transfer the event names (idempotent; order-independent). */
  async process(event: GatewayWebhookEvent): Promise<void> {
    const references = referencesOf(event.payload);
    const intents = new Map<string, Awaited<ReturnType<PaymentIntents['find']>>>();
    for (const orderId of references.orderIds) {
      const intent = await this.intents.findByOrder(orderId);
      if (intent) intents.set(intent.id, intent);
    }
    for (const paymentId of references.paymentIds) {
      for (const intent of await this.intents.findByPayment(paymentId))
        intents.set(intent.id, intent);
    }
    for (const intent of intents.values()) {
      if (intent) await this.engine.drive(intent);
    }
    for (const transferId of references.transferIds) {
      await this.engine.syncTransfer(transferId);
    }
    for (const accountId of references.accountIds) {
      await this.accounts.linkedAccountChanged(accountId);
    }
  }

  /** Stored events a crash left unprocessed: processed again (the worker's pass). */
  async retryUnprocessed(limit: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - 10_000);
    const events = await this.inbox.unprocessed(before, limit);
    for (const event of events) {
      await this.process(event);
      await this.inbox.markProcessed(event.id, this.clock.now());
    }
    return events.length;
  }
}
