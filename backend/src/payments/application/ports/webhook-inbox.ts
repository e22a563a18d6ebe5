import type { GatewayWebhookEvent } from './payment-gateway.port.js';

/** Verified gateway events, each stored once by its id (a unique index). */
export abstract class WebhookInbox {
  /** True the first time an event id is stored; false for a replay or duplicate. */
  abstract store(event: GatewayWebhookEvent, receivedAt: Date): Promise<boolean>;
  abstract markProcessed(eventId: string, at: Date): Promise<void>;
  /** Events stored but not processed (a crash in between), oldest first. */
  abstract unprocessed(before: Date, limit: number): Promise<GatewayWebhookEvent[]>;
}
