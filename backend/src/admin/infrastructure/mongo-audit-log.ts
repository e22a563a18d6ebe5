import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection, Types } from 'mongoose';
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

interface AuditRecord {
  _id: Types.ObjectId;
  at: Date;
  actor: AuditActor;
  action: AuditAction;
  details: AuditDetails;
}

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
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  private get events() {
    return this.connection.collection<AuditRecord>(AUDIT_LOG_COLLECTION);
  }

  async append(event: NewAuditEvent): Promise<void> {
    const { at, actor, action, details } = event;
    await this.events.insertOne({
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
      this.events.insertOne({
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
    await this.events.updateMany(
      { 'details.entryId': entryId },
      { $unset: { 'details.entryId': '' } },
    );
  }

  async list(page: number, pageSize: number): Promise<AuditLogPage> {
    const [records, total] = await Promise.all([
      this.events
        .find({})
        .sort({ at: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.events.countDocuments({}),
    ]);
    return { items: records.map(toAuditEvent), total };
  }
}
