import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import type { FieldsOf } from '../../database/claim-once.js';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { schemaIndexes } from '../../database/schema-indexes.js';
import {
  type IntentKind,
  type NewPaymentIntent,
  type PaymentIntent,
  PaymentIntents,
} from '../application/ports/payment-intents.js';

export const PAYMENT_INTENTS_COLLECTION = 'payment_intents';

/**
 * One intent as stored: the intent's fields (absent ids and outcomes as explicit nulls, which
 * `setOrder` matches on), the store's `open` flag and the lease a worker claims.
 */
@Schema({
  collection: PAYMENT_INTENTS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class PaymentIntentRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  kind!: IntentKind;

  @Prop({ type: String, required: true })
  dealId!: string;

  @Prop({ type: String, required: true })
  milestoneId!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: Number, required: true })
  amountPaise!: number;

  @Prop({ type: Number, required: true })
  feePaise!: number;

  @Prop({ type: String })
  orderId!: string | null;

  @Prop({ type: String })
  paymentId!: string | null;

  @Prop({ type: String })
  linkedAccountId!: string | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  nextAttemptAt!: Date;

  @Prop({ type: Number, required: true })
  attempts!: number;

  @Prop({ type: Date })
  doneAt!: Date | null;

  @Prop({ type: String })
  lastError!: string | null;

  @Prop({ type: Boolean, required: true })
  open!: boolean;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;
}

export const PaymentIntentSchema = SchemaFactory.createForClass(PaymentIntentRecord);
PaymentIntentSchema.index({ open: 1, nextAttemptAt: 1 }, { name: 'open_due' });
PaymentIntentSchema.index({ orderId: 1 }, { name: 'order' });
PaymentIntentSchema.index({ paymentId: 1 }, { name: 'payment' });

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

function toIntent(document: FieldsOf<PaymentIntentRecord>): PaymentIntent {
  return { id: document._id, ...pick(document, INTENT_FIELDS) };
}

/** Intents in `payment_intents`, written once by `_id` (an insert against the primary key). */
@Injectable()
export class MongoPaymentIntents extends PaymentIntents {
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(PaymentIntentRecord.name) private readonly intents: Model<PaymentIntentRecord>,
  ) {
    super();
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        intents.db,
        [PAYMENT_INTENTS_COLLECTION],
        intents.collection,
        schemaIndexes(intents),
      ),
    );
  }

  async open(intent: NewPaymentIntent): Promise<PaymentIntent> {
    await this.indexes.ensure();
    const { id, ...fields } = intent;
    const document: FieldsOf<PaymentIntentRecord> = {
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
    if (await insertedFirst(() => this.intents.create(document))) return toIntent(document);
    const first = await this.byId(id);
    if (!first) throw new Error('A duplicate payment intent that cannot be read');
    return toIntent(first);
  }

  async find(id: string): Promise<PaymentIntent | undefined> {
    const found = await this.byId(id);
    return found ? toIntent(found) : undefined;
  }

  async findByOrder(orderId: string): Promise<PaymentIntent | undefined> {
    const found = await this.intents
      .findOne({ orderId, kind: 'fund' })
      .lean<PaymentIntentRecord>()
      .exec();
    return found ? toIntent(found) : undefined;
  }

  async findByPayment(paymentId: string): Promise<PaymentIntent[]> {
    const found = await this.intents.find({ paymentId }).lean<PaymentIntentRecord[]>().exec();
    return found.map(toIntent);
  }

  async setOrder(id: string, orderId: string): Promise<void> {
    await this.intents.updateOne({ _id: id, orderId: null }, { $set: { orderId } }).exec();
  }

  async due(now: Date, limit: number): Promise<PaymentIntent[]> {
    const found = await this.intents
      .find({ open: true, nextAttemptAt: { $lte: now }, leaseUntil: { $lt: now } })
      .sort({ nextAttemptAt: 1 })
      .limit(limit)
      .lean<PaymentIntentRecord[]>()
      .exec();
    return found.map(toIntent);
  }

  async lease(id: string, now: Date, until: Date): Promise<boolean> {
    const { modifiedCount } = await this.intents
      .updateOne({ _id: id, open: true, leaseUntil: { $lt: now } }, { $set: { leaseUntil: until } })
      .exec();
    return modifiedCount === 1;
  }

  async retryAt(id: string, at: Date, attempts: number, error: string | null): Promise<void> {
    await this.intents
      .updateOne(
        { _id: id, open: true },
        { $set: { nextAttemptAt: at, attempts, lastError: error, leaseUntil: new Date(0) } },
      )
      .exec();
  }

  async markDone(id: string, at: Date): Promise<void> {
    await this.intents
      .updateOne(
        { _id: id, open: true },
        { $set: { open: false, doneAt: at, lastError: null, leaseUntil: new Date(0) } },
      )
      .exec();
  }

  async openCount(): Promise<number> {
    return this.intents.countDocuments({ open: true }).exec();
  }

  private byId(id: string): Promise<PaymentIntentRecord | null> {
    return this.intents.findById(id).lean<PaymentIntentRecord>().exec();
  }
}
