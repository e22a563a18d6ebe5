import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { schemaIndexes } from '../../database/schema-indexes.js';
import type { GatewayWebhookEvent } from '../../payment-gateway/payment-gateway.contract.js';
import { WebhookInbox } from '../application/ports/webhook-inbox.js';

export const WEBHOOK_EVENTS_COLLECTION = 'payment_webhook_events';

/**
 * One verified gateway event; `minimize: false` keeps an empty payload as received, and
 * `processedAt` is an explicit null until processed (what the inbox's reads match on).
 */
@Schema({
  collection: WEBHOOK_EVENTS_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class WebhookEventRecord {
  /** The gateway's event id: the primary key stores each event once. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  type!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Object, required: true })
  payload!: Record<string, unknown>;

  @Prop({ type: Date, required: true })
  receivedAt!: Date;

  @Prop({ type: Date })
  processedAt!: Date | null;
}

export const WebhookEventSchema = SchemaFactory.createForClass(WebhookEventRecord);
WebhookEventSchema.index({ processedAt: 1, receivedAt: 1 }, { name: 'unprocessed' });

/** Verified webhook events in `payment_webhook_events`, unique by the gateway's event id. */
@Injectable()
export class MongoWebhookInbox extends WebhookInbox {
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(WebhookEventRecord.name) private readonly events: Model<WebhookEventRecord>,
  ) {
    super();
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        events.db,
        [WEBHOOK_EVENTS_COLLECTION],
        events.collection,
        schemaIndexes(events),
      ),
    );
  }

  async store(event: GatewayWebhookEvent, receivedAt: Date): Promise<boolean> {
    await this.indexes.ensure();
    return insertedFirst(() =>
      this.events.create({
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
    await this.events
      .updateOne({ _id: eventId, processedAt: null }, { $set: { processedAt: at } })
      .exec();
  }

  async unprocessed(before: Date, limit: number): Promise<GatewayWebhookEvent[]> {
    const found = await this.events
      .find({ processedAt: null, receivedAt: { $lt: before } })
      .sort({ receivedAt: 1 })
      .limit(limit)
      .lean<WebhookEventRecord[]>()
      .exec();
    return found.map((document) => ({
      id: document._id,
      type: document.type,
      createdAt: document.createdAt,
      payload: document.payload,
    }));
  }
}
