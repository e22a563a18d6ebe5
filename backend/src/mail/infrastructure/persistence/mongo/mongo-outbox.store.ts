import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, mongo, type QueryFilter } from 'mongoose';
import { Clock } from '../../../../common/application/clock.js';
import type { ClaimOnce } from '../../../../database/claim-once.js';
import { insertedFirst, isDuplicateKeysOnly } from '../../../../database/duplicate-key.js';
import type { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import { schemaIndexesBeforeFirstWrite } from '../../../../database/schema-indexes.js';
import type { OutboxMessage } from '../../../domain/outbox-message.js';
import { assertValidOutgoingMail, type OutgoingMail } from '../../../domain/outgoing-mail.js';
import { Outbox } from '../../../application/ports/outbox.js';
import {
  type OutboxFigures,
  type OutboxListQuery,
  type OutboxPage,
  OutboxQueries,
  type OutboxRetryResult,
} from '../../../application/ports/outbox-queries.js';
import {
  type AttemptClaim,
  type ClaimOutcome,
  OutboxStore,
} from '../../../application/ports/outbox-store.js';
import {
  claimIdOf,
  type OutboxClaimDocument,
  OutboxClaimRecord,
  outboxClaimsOf,
  type OutboxDocument,
  OutboxRecord,
  toOutboxMessage,
} from './outbox.documents.js';

/** Template variables are identifiers; anything else (operators, `__proto__`, dots) is dropped. */
const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** Copies only own string values under identifier names. */
function plainData(data: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([name, value]) => typeof value === 'string' && VARIABLE_NAME.test(name),
    ),
  );
}

/** A message as it is first stored: queued, never tried, due now. */
function queuedDocument(mail: OutgoingMail, now: Date): OutboxDocument {
  return {
    _id: randomUUID(),
    key: mail.key,
    kind: mail.kind,
    to: { email: mail.to.email, name: mail.to.name },
    data: plainData(mail.data),
    status: 'queued',
    attempts: 0,
    roundStartedAfter: 0,
    createdAt: now,
    nextAttemptAt: now,
    ...(mail.forgetRecipientOnceSent && { forgetRecipientOnceSent: true }),
    ...(mail.about !== undefined && { about: mail.about }),
    ...(mail.report !== undefined && { report: mail.report }),
    ...(mail.attachments !== undefined &&
      mail.attachments.length > 0 && {
        attachments: mail.attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content: new mongo.Binary(content),
        })),
      }),
  };
}

/**
 * What an erased person's messages keep: that a message of its kind went, when, nothing else.
 * The SMTP server's answers go too (a refusal may quote the address). The address is a reserved
 * domain's, so the stored message still reads as one.
 */
const REDACTED_RECIPIENT = 'erased@erased.invalid';
/** Messages still waiting (queued) or given up (failed): nothing of them has gone out. */
const NOT_SENT = { status: { $in: ['queued', 'failed'] as const } };

const REDACTED = {
  to: { email: REDACTED_RECIPIENT, name: '' },
  data: {},
  lastError: '',
  lastResponse: '',
  forgetRecipientOnceSent: false,
  attachments: [],
};

/**
 * The outbox in MongoDB: `outbox` (one document per message, unique `key`) and `outbox_claims`
 * (one document per claimed attempt, unique by `_id`). Every claim-once step is an insert
 * against a unique index, atomic on MongoDB and FerretDB alike; the status updates after a won
 * claim are written by its holder only. Indexes are created before the first write (ADR 0013).
 */
@Injectable()
export class MongoOutboxStore extends OutboxStore implements Outbox, OutboxQueries {
  private readonly claims: ClaimOnce<OutboxClaimDocument>;
  /** Once per process, before the first write (ADR 0013); a failed build is tried again. */
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(OutboxRecord.name) private readonly messages: Model<OutboxRecord>,
    @InjectModel(OutboxClaimRecord.name) claimModel: Model<OutboxClaimRecord>,
    private readonly clock: Clock,
  ) {
    super();
    this.claims = outboxClaimsOf(claimModel);
    this.indexes = schemaIndexesBeforeFirstWrite(messages);
  }

  async ensureIndexes(): Promise<void> {
    await this.indexes.ensure();
    await this.claims.ensureCollection();
  }

  // ── Outbox ──────────────────────────────────────────────────────────────────────────────

  async enqueue(mail: OutgoingMail): Promise<void> {
    assertValidOutgoingMail(mail);
    await this.ensureIndexes();
    const now = this.clock.now();
    // The same key was enqueued before (a retried request): one message, as promised.
    await insertedFirst(() => this.messages.create(queuedDocument(mail, now)));
  }

  /**
   * One unordered bulk insert: a wave of 1,000 invites is one round trip, not 1,000. Keys
   * already stored are refused by the unique index (code 11000) and skipped, as in `enqueue`.
   */
  async enqueueMany(mails: readonly OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    mails.forEach(assertValidOutgoingMail);
    await this.ensureIndexes();
    const now = this.clock.now();
    const documents = mails.map((mail) => queuedDocument(mail, now));
    try {
      await this.messages.insertMany(documents, { ordered: false });
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
    }
  }

  async discardQueuedTo(email: string): Promise<number> {
    const result = await this.messages.deleteMany({ 'to.email': email, ...NOT_SENT }).exec();
    return result.deletedCount;
  }

  async forgetRecipient(email: string, keepKey?: string): Promise<void> {
    await this.forget({ 'to.email': email }, keepKey);
  }

  async forgetAbout(subject: string, keepKey?: string): Promise<void> {
    await this.forget({ about: subject }, keepKey);
  }

  private async forget(filter: QueryFilter<OutboxRecord>, keepKey?: string): Promise<void> {
    const others = { ...filter, ...(keepKey !== undefined && { key: { $ne: keepKey } }) };
    await this.messages.deleteMany({ ...others, ...NOT_SENT }).exec();
    // Sent (or being sent right now): the record that a message went stays, its content does not.
    await this.messages.updateMany(others, { $set: REDACTED }).exec();
  }

  // ── OutboxStore (the worker) ────────────────────────────────────────────────────────────

  /**
   * Two simple queries on the status indexes rather than one `$or` with a sort: FerretDB 1.x
   * sorts outside the database (about 200 ms per look at 1,000 queued messages, measured). Order
   * is the natural one (about insertion order), which serves the oldest first in practice.
   */
  async due(now: Date, limit: number): Promise<OutboxMessage[]> {
    const [lapsed, queued] = await Promise.all([
      this.messages
        .find({ status: 'sending', leaseUntil: { $lt: now } })
        .limit(limit)
        .lean<OutboxDocument[]>()
        .exec(),
      this.messages
        .find({ status: 'queued', nextAttemptAt: { $lte: now } })
        .limit(limit)
        .lean<OutboxDocument[]>()
        .exec(),
    ]);
    return [...lapsed, ...queued].slice(0, limit).map(toOutboxMessage);
  }

  async claimAttempt(claim: AttemptClaim): Promise<ClaimOutcome> {
    await this.ensureIndexes();
    const _id = claimIdOf(claim.messageId, claim.attempt);
    const outcome = await this.claims.claimOrFirst({ _id, ...claim });
    if (outcome.won) return outcome;
    const existing = outcome.first;
    return {
      won: false,
      existing: existing
        ? {
            messageId: existing.messageId,
            attempt: existing.attempt,
            holder: existing.holder,
            claimedAt: existing.claimedAt,
            leaseUntil: existing.leaseUntil,
          }
        : undefined,
    };
  }

  async find(messageId: string): Promise<OutboxMessage | undefined> {
    const document = await this.byId(messageId);
    return document ? toOutboxMessage(document) : undefined;
  }

  async markSending(messageId: string, attempt: number, leaseUntil: Date): Promise<void> {
    await this.messages
      .updateOne(
        { _id: messageId, status: { $ne: 'sent' } },
        { $set: { status: 'sending', attempts: attempt, leaseUntil } },
      )
      .exec();
  }

  /**
   * A sent message keeps no copy of its attachments: the signed PDF stays in its own store, and
   * the worker's look for due messages, a scan on FerretDB 1.x, reads small documents only.
   */
  async markSent(messageId: string, attempt: number, at: Date, response: string): Promise<void> {
    await this.finish(
      { _id: messageId },
      {
        status: 'sent',
        attempts: attempt,
        sentAt: at,
        lastResponse: response.slice(0, 500),
        attachments: [],
      },
    );
  }

  async reschedule(
    messageId: string,
    attempt: number,
    nextAttemptAt: Date,
    error: string,
  ): Promise<void> {
    await this.messages
      .updateOne(
        { _id: messageId, status: { $ne: 'sent' } },
        {
          $set: { status: 'queued', attempts: attempt, nextAttemptAt, lastError: error },
          $unset: { leaseUntil: '' },
        },
      )
      .exec();
  }

  async park(messageId: string, attempt: number, at: Date, error: string): Promise<void> {
    await this.finish(
      { _id: messageId, status: { $ne: 'sent' } },
      { status: 'failed', attempts: attempt, failedAt: at, lastError: error },
    );
  }

  /**
   * A message's last write (sent or parked), one write in the common case: a message that was to
   * forget its recipient once finished (an erasure's confirmation) is redacted in the same write.
   */
  private async finish(
    filter: QueryFilter<OutboxRecord>,
    fields: Partial<OutboxDocument>,
  ): Promise<void> {
    const unset = { leaseUntil: '' } as const;
    const { matchedCount } = await this.messages
      .updateOne(
        { ...filter, forgetRecipientOnceSent: { $ne: true } },
        { $set: fields, $unset: unset },
      )
      .exec();
    if (matchedCount > 0) return;
    await this.messages
      .updateOne(
        { ...filter, forgetRecipientOnceSent: true },
        { $set: { ...fields, ...REDACTED }, $unset: unset },
      )
      .exec();
  }

  // ── OutboxQueries (the back-office) ─────────────────────────────────────────────────────

  async figures(): Promise<OutboxFigures> {
    const [queued, sending, sent, failed, retrying, oldest] = await Promise.all([
      this.messages.countDocuments({ status: 'queued' }).exec(),
      this.messages.countDocuments({ status: 'sending' }).exec(),
      this.messages.countDocuments({ status: 'sent' }).exec(),
      this.messages.countDocuments({ status: 'failed' }).exec(),
      this.messages.countDocuments({ status: 'queued', attempts: { $gt: 0 } }).exec(),
      this.messages
        .find({ status: { $in: ['queued', 'sending'] } }, { createdAt: 1 })
        .sort({ createdAt: 1 })
        .limit(1)
        .lean<Pick<OutboxDocument, 'createdAt'>[]>()
        .exec(),
    ]);
    return {
      byStatus: { queued, sending, sent, failed },
      retrying,
      oldestPendingCreatedAt: oldest[0]?.createdAt,
    };
  }

  async list({ status, page, pageSize }: OutboxListQuery): Promise<OutboxPage> {
    const filter = status ? { status } : {};
    const [total, documents] = await Promise.all([
      this.messages.countDocuments(filter).exec(),
      this.messages
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<OutboxDocument[]>()
        .exec(),
    ]);
    return { items: documents.map(toOutboxMessage), total, page, pageSize };
  }

  async retry(messageId: string): Promise<OutboxRetryResult> {
    const document = await this.byId(messageId);
    if (!document) return 'not-found';
    if (document.status !== 'failed') return 'not-failed';
    const { modifiedCount } = await this.messages
      .updateOne(
        { _id: messageId, status: 'failed' },
        {
          $set: {
            status: 'queued',
            nextAttemptAt: this.clock.now(),
            roundStartedAfter: document.attempts,
          },
          $unset: { failedAt: '' },
        },
      )
      .exec();
    // Two admins retrying at once: on MongoDB the status condition lets one update through; on
    // FerretDB 1.x (no atomic conditional update) both may, writing the same state.
    return modifiedCount === 1 ? 'retried' : 'not-failed';
  }

  private byId(messageId: string): Promise<OutboxDocument | null> {
    return this.messages.findById(messageId).lean<OutboxDocument>().exec();
  }
}
