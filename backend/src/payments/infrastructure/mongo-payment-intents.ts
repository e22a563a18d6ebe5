import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection, mongo } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import {
  type NewPaymentIntent,
  type PaymentIntent,
  PaymentIntents,
} from '../application/ports/payment-intents.js';

export const PAYMENT_INTENTS_COLLECTION = 'payment_intents';

type IntentDocument = Omit<PaymentIntent, 'id'> & { _id: string; open: boolean; leaseUntil: Date };

const INDEXES: mongo.IndexDescription[] = [
  { key: { open: 1, nextAttemptAt: 1 }, name: 'open_due' },
  { key: { orderId: 1 }, name: 'order' },
  { key: { paymentId: 1 }, name: 'payment' },
];

/** The intent's own fields: not the store's `open` flag and lease. */
const INTENT_FIELDS = [
  'kind',
  'dealId',
  'milestoneId',
  'creatorId',
  'amountPaise',
  'feePaise',
  'orderId',
  'paymentId',
  'linkedAccountId',
  'createdAt',
  'nextAttemptAt',
  'attempts',
  'doneAt',
  'lastError',
] as const satisfies readonly (keyof PaymentIntent)[];

function toIntent(document: IntentDocument): PaymentIntent {
  return { id: document._id, ...pick(document, INTENT_FIELDS) };
}

/** Intents in `payment_intents`, written once by `_id` (an insert against the primary key). */
@Injectable()
export class MongoPaymentIntents extends PaymentIntents {
  private readonly collection: Collection<IntentDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    this.collection = connection.collection<IntentDocument>(PAYMENT_INTENTS_COLLECTION);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        this.connection,
        [PAYMENT_INTENTS_COLLECTION],
        this.collection,
        INDEXES,
      ),
    );
  }

  async open(intent: NewPaymentIntent): Promise<PaymentIntent> {
    await this.indexes.ensure();
    const { id, ...fields } = intent;
    const document: IntentDocument = {
      _id: id,
      ...fields,
      orderId: intent.orderId ?? null,
      paymentId: intent.paymentId ?? null,
      linkedAccountId: intent.linkedAccountId ?? null,
      attempts: 0,
      doneAt: null,
      lastError: null,
      open: true,
      leaseUntil: new Date(0),
    };
    if (await insertedFirst(() => this.collection.insertOne(document))) return toIntent(document);
    const first = await this.collection.findOne({ _id: id });
    if (!first) throw new Error('A duplicate payment intent that cannot be read');
    return toIntent(first);
  }

  async find(id: string): Promise<PaymentIntent | undefined> {
    const found = await this.collection.findOne({ _id: id });
    return found ? toIntent(found) : undefined;
  }

  async findByOrder(orderId: string): Promise<PaymentIntent | undefined> {
    const found = await this.collection.findOne({ orderId, kind: 'fund' });
    return found ? toIntent(found) : undefined;
  }

  async findByPayment(paymentId: string): Promise<PaymentIntent[]> {
    const found = await this.collection.find({ paymentId }).toArray();
    return found.map(toIntent);
  }

  async setOrder(id: string, orderId: string): Promise<void> {
    await this.collection.updateOne({ _id: id, orderId: null }, { $set: { orderId } });
  }

  async due(now: Date, limit: number): Promise<PaymentIntent[]> {
    const found = await this.collection
      .find({ open: true, nextAttemptAt: { $lte: now }, leaseUntil: { $lt: now } })
      .sort({ nextAttemptAt: 1 })
      .limit(limit)
      .toArray();
    return found.map(toIntent);
  }

  async lease(id: string, now: Date, until: Date): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne(
      { _id: id, open: true, leaseUntil: { $lt: now } },
      { $set: { leaseUntil: until } },
    );
    return modifiedCount === 1;
  }

  async retryAt(id: string, at: Date, attempts: number, error: string | null): Promise<void> {
    await this.collection.updateOne(
      { _id: id, open: true },
      { $set: { nextAttemptAt: at, attempts, lastError: error, leaseUntil: new Date(0) } },
    );
  }

  async markDone(id: string, at: Date): Promise<void> {
    await this.collection.updateOne(
      { _id: id, open: true },
      { $set: { open: false, doneAt: at, lastError: null, leaseUntil: new Date(0) } },
    );
  }

  async openCount(): Promise<number> {
    return this.collection.countDocuments({ open: true });
  }
}
