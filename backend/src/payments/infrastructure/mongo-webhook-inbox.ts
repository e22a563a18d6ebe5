import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection, mongo } from 'mongoose';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import type { GatewayWebhookEvent } from '../../payment-gateway/payment-gateway.contract.js';
import { WebhookInbox } from '../application/ports/webhook-inbox.js';

export const WEBHOOK_EVENTS_COLLECTION = 'payment_webhook_events';

interface EventDocument {
  /** The gateway's event id: the primary key stores each event once. */
  _id: string;
  type: string;
  createdAt: Date;
  payload: Record<string, unknown>;
  receivedAt: Date;
  processedAt: Date | null;
}

const INDEXES: mongo.IndexDescription[] = [
  { key: { processedAt: 1, receivedAt: 1 }, name: 'unprocessed' },
];

/** Verified webhook events in `payment_webhook_events`, unique by the gateway's event id. */
@Injectable()
export class MongoWebhookInbox extends WebhookInbox {
  private readonly collection: Collection<EventDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    this.collection = connection.collection<EventDocument>(WEBHOOK_EVENTS_COLLECTION);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        this.connection,
        [WEBHOOK_EVENTS_COLLECTION],
        this.collection,
        INDEXES,
      ),
    );
  }

  async store(event: GatewayWebhookEvent, receivedAt: Date): Promise<boolean> {
    await this.indexes.ensure();
    return insertedFirst(() =>
      this.collection.insertOne({
        _id: event.id,
        type: event.type,
        createdAt: event.createdAt,
        payload: { ...event.payload },
        receivedAt,
        processedAt: null,
      }),
    );
  }

  async markProcessed(eventId: string, at: Date): Promise<void> {
    await this.collection.updateOne(
      { _id: eventId, processedAt: null },
      { $set: { processedAt: at } },
    );
  }

  async unprocessed(before: Date, limit: number): Promise<GatewayWebhookEvent[]> {
    const found = await this.collection
      .find({ processedAt: null, receivedAt: { $lt: before } })
      .sort({ receivedAt: 1 })
      .limit(limit)
      .toArray();
    return found.map((document) => ({
      id: document._id,
      type: document.type,
      createdAt: document.createdAt,
      payload: document.payload,
    }));
  }
}
