import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { AuditLog, type AuditLogPage } from '../application/ports/audit-log.js';
import type {
  AuditAction,
  AuditActor,
  AuditDetails,
  AuditEvent,
  NewAuditEvent,
} from '../domain/audit-event.js';

export const AUDIT_LOG_COLLECTION = 'admin_audit_log';

/** One event of the audit log; `minimize: false` keeps an event's empty details as written. */
@Schema({
  collection: AUDIT_LOG_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class AuditRecord {
  _id!: Types.ObjectId;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: Object, required: true })
  actor!: AuditActor;

  @Prop({ type: String, required: true })
  action!: AuditAction;

  @Prop({ type: Object, required: true })
  details!: AuditDetails;
}

export const AuditRecordSchema = SchemaFactory.createForClass(AuditRecord);

function toAuditEvent({ _id, at, actor, action, details }: AuditRecord): AuditEvent {
  return {
    id: _id.toHexString(),
    at,
    actor: { userId: actor.userId, email: actor.email },
    action,
    details,
  };
}

/**
 * The audit log in its own collection, written by insert: this adapter has no delete, and each
 * event gets a fresh id (or the caller's, once), so an append never touches an earlier event. Its
 * one update removes an erased waitlist entry's id from the events' details.
 */
@Injectable()
export class MongoAuditLog extends AuditLog {
  constructor(@InjectModel(AuditRecord.name) private readonly events: Model<AuditRecord>) {
    super();
  }

  async append(event: NewAuditEvent): Promise<void> {
    const { at, actor, action, details } = event;
    await this.events.create({
      _id: new Types.ObjectId(),
      at,
      actor: { userId: actor.userId, email: actor.email },
      action,
      details: { ...details },
    });
  }

  async appendOnce(id: string, event: NewAuditEvent): Promise<void> {
    const { at, actor, action, details } = event;
    await insertedFirst(() =>
      this.events.create({
        _id: new Types.ObjectId(id),
        at,
        actor: { userId: actor.userId, email: actor.email },
        action,
        details: { ...details },
      }),
    );
  }

  async forgetEntry(entryId: string): Promise<void> {
    if (typeof entryId !== 'string') return;
    await this.events
      .updateMany({ 'details.entryId': entryId }, { $unset: { 'details.entryId': '' } })
      .exec();
  }

  async list(page: number, pageSize: number): Promise<AuditLogPage> {
    const [records, total] = await Promise.all([
      this.events
        .find({})
        .sort({ at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AuditRecord[]>()
        .exec(),
      this.events.countDocuments({}).exec(),
    ]);
    return { items: records.map(toAuditEvent), total };
  }
}
