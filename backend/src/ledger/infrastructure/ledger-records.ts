import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The ledger's two companion collections, beside its transactions: the creators' balance
 * checkpoints and the changes on their way to the read models.
 */

/** Per creator: their balances through a transaction id, rebuilt from the lines and checked. */
export const LEDGER_CHECKPOINTS_COLLECTION = 'ledger_balance_checkpoints';

/**
 * A checkpoint covers only transactions whose id (an ObjectId: its first 4 bytes are the second
 * it was made) is older than this: an id is made just before its insert, so no transaction with
 * an older id can still arrive, and none is ever missed by a checkpoint.
 */
export const CHECKPOINT_LAG_MS = 5 * 60_000;

/**
 * The ledger's changes on their way to the read models (#38): one document per event from just
 * before its transaction is written until the wallet has taken it. Small (it holds only changes in
 * flight), so reading it is cheap on any store; what a crash leaves in it is the `pendingChanges`
 * a wallet read reports, and what `followPending` applies.
 */
export const LEDGER_PENDING_COLLECTION = 'ledger_pending_changes';
/** A pending change younger than this may still be on its way through `record`: left alone. */
export const PENDING_GRACE_MS = 10_000;
/** A pending change older than this whose transaction is not in the ledger never will be. */
export const PENDING_ABANDONED_MS = 10 * 60_000;

@Schema({
  collection: LEDGER_PENDING_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class PendingLedgerChangeRecord {
  /** The event key. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}

export const PendingLedgerChangeSchema = SchemaFactory.createForClass(PendingLedgerChangeRecord);

@Schema({
  collection: LEDGER_CHECKPOINTS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class BalanceCheckpointRecord {
  /** The creator's id. */
  @Prop({ type: String, required: true })
  _id!: string;

  /** Every transaction of the creator with an id ≤ this is in the sums. */
  @Prop({ type: String, required: true })
  throughId!: string;

  @Prop({ type: Number, required: true })
  heldPaise!: number;

  @Prop({ type: Number, required: true })
  releasingPaise!: number;

  @Prop({ type: Number, required: true })
  paidOutPaise!: number;

  @Prop({ type: Date, required: true })
  builtAt!: Date;
}

export const BalanceCheckpointSchema = SchemaFactory.createForClass(BalanceCheckpointRecord);
