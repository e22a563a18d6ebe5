import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { DatabaseMigrations } from '../../../../database/database-migrations.js';
import { isDatabaseUnavailableError } from '../../../../database/database-unavailable.js';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import type { EntryConfirmations } from '../../../application/ports/entry-confirmations.js';
import type {
  EntryCorrection,
  EntryCorrections,
} from '../../../application/ports/entry-corrections.js';
import type { EntryErasure } from '../../../application/ports/entry-erasure.js';
import type { Invitee, InviteeStatuses } from '../../../application/ports/invitee-statuses.js';
import type { WaitlistEntries } from '../../../application/ports/waitlist-entries.js';
import type { EmailAddress } from '../../../domain/email-address.js';
import type { IndianMobileNumber } from '../../../domain/indian-mobile-number.js';
import type { Seat } from '../../../domain/seat.js';
import type {
  JoinedAccount,
  PendingEmail,
  WaitlistEntry,
  WaitlistHistoryEvent,
} from '../../../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../../domain/waitlist.errors.js';
import {
  toHistoryRecord,
  toWaitlistEntry,
  toWaitlistEntryRecord,
} from './waitlist-entry.mapper.js';
import { WaitlistListsStore } from './read-model/waitlist-lists.js';
import { SerialQueue } from './serial-queue.js';
import { WaitlistEntryHolders } from './waitlist-entry-holders.js';
import {
  WAITLIST_ENTRY_MODEL,
  type WaitlistEntryFields,
  type WaitlistEntryRecord,
} from './waitlist-entry.schema.js';

/** A refused insert whose cause was erased meanwhile (the sweeper) is tried again, this often. */
const MAX_INSERTS = 3;
/** Entries one write of markInvited changes at most. */
const MARK_SLICE = 100;

/**
 * Entries keyed by unique indexes on phone and e-mail: an insert is refused (code 11000) when
 * either is taken, however many processes insert at once. FerretDB's duplicate-key error does not
 * say which index refused it, so phone and e-mail are looked up after a refusal.
 *
 * Before the first write the database migrations have run (among them the drop of the unique
 * index on `seat` of the time before confirmations, database/migrations/0001) and the indexes are
 * built.
 *
 * The one adapter of the waitlist's role ports (entries, confirmations, corrections, erasure,
 * invitee statuses): the module binds each port to this instance (`useExisting`).
 */
@Injectable()
export class MongoWaitlistRepository
  implements WaitlistEntries, EntryConfirmations, EntryCorrections, EntryErasure, InviteeStatuses
{
  /**
   * This process's writes to the entries, one at a time: they never compete with each other for
   * the database (FerretDB on SQLite answers "database is locked" when too many do, under load).
   */
  private readonly writes = new SerialQueue(isDatabaseUnavailableError);
  private readonly indexes = new IndexesBeforeFirstWrite(async () => {
    await this.migrations.ensure(); // the legacy seat index is dropped first (0001)
    await this.model.createIndexes();
  });

  private readonly holders: WaitlistEntryHolders;

  constructor(
    @InjectModel(WAITLIST_ENTRY_MODEL) private readonly model: Model<WaitlistEntryRecord>,
    private readonly migrations: DatabaseMigrations,
  ) {
    this.holders = new WaitlistEntryHolders(model, this.writes);
  }

  /** The admin table's read model: each write below records which entries it touched. */
  private listChanges: WaitlistListsStore | undefined;

  private async changed(ids: readonly string[]): Promise<void> {
    if (!this.listChanges) {
      this.listChanges = new WaitlistListsStore(this.model.db);
    }
    await this.listChanges.record(ids);
  }

  nextId(): string {
    return new mongoose.Types.ObjectId().toHexString();
  }

  async add(entry: WaitlistEntry): Promise<void> {
    await this.indexes.ensure();
    for (let attempt = 1; attempt <= MAX_INSERTS; attempt++) {
      // Straight to the driver: the mapper's record is complete by type, and Mongoose's
      // casting and validation would only lengthen the write.
      const stored = await insertedFirst(() =>
        this.writes.run(() => this.model.collection.insertOne(toWaitlistEntryRecord(entry))),
      );
      if (stored) {
        await this.changed([entry.id]);
        return;
      }
      await this.holders.rejectIfAlreadyRegistered(entry);
      // Neither is there any more: the entry that refused ours was erased since. Try again.
    }
    throw new Error(`Entry refused ${MAX_INSERTS} times without a duplicate to show for it`);
  }

  async findById(id: string): Promise<WaitlistEntry | undefined> {
    if (!mongoose.isValidObjectId(id)) return undefined;
    const record = await this.model.findById(id).lean<WaitlistEntryFields>().exec();
    return record ? toWaitlistEntry(record) : undefined;
  }

  async findInvitee(id: string): Promise<Invitee | undefined> {
    const entry = await this.findById(id);
    return entry && { phone: entry.phone, userType: entry.userType };
  }

  async findByPhone(phone: IndianMobileNumber): Promise<WaitlistEntry | undefined> {
    const record = await this.model
      .findOne({ phone: phone.national })
      .lean<WaitlistEntryFields>()
      .exec();
    return record ? toWaitlistEntry(record) : undefined;
  }

  async findByEmail(email: EmailAddress): Promise<WaitlistEntry | undefined> {
    const record = await this.model
      .findOne({ email: email.value })
      .lean<WaitlistEntryFields>()
      .exec();
    return record ? toWaitlistEntry(record) : undefined;
  }

  async recordEvent(id: string, event: WaitlistHistoryEvent): Promise<void> {
    await this.writes.run(() =>
      this.model.updateOne({ _id: id }, { $push: { history: toHistoryRecord(event) } }).exec(),
    );
    await this.changed([id]);
  }

  async correct(
    id: string,
    correction: EntryCorrection,
    event: WaitlistHistoryEvent,
  ): Promise<void> {
    const changes = {
      ...(correction.fullName && { fullName: correction.fullName.value }),
      ...(correction.instagramHandle && { instagramHandle: correction.instagramHandle.value }),
      ...(correction.userType && { userType: correction.userType }),
      ...(correction.phone && {
        phone: correction.phone.national,
        phoneE164: correction.phone.e164,
      }),
    };
    const write = () =>
      this.writes.run(() =>
        this.model
          .updateOne(
            { _id: id, erasureRequestedAt: { $exists: false } },
            { $set: changes, $push: { history: toHistoryRecord(event) } },
          )
          .exec(),
      );
    try {
      await write();
      await this.changed([id]);
    } catch (error) {
      // The phone is the only unique field a correction writes. FerretDB 1.x refuses an update
      // against a unique index with code 1, not 11000: whether another entry holds the phone is
      // looked up (the index, not this lookup, is what keeps phones unique). A bot's trapped
      // entry holding it gives it up (#28).
      if (!correction.phone) throw error;
      if (await this.holders.freeFromTrapped(id, { phone: correction.phone })) {
        await this.correct(id, correction, event);
        return;
      }
      if (await this.holders.heldByAnother(id, { phone: correction.phone.national })) {
        throw new PhoneAlreadyRegisteredError();
      }
      throw error;
    }
  }

  async requestEmailChange(
    id: string,
    pending: PendingEmail,
    event: WaitlistHistoryEvent,
  ): Promise<boolean> {
    const { matchedCount } = await this.writes.run(() =>
      this.model
        .updateOne(
          { _id: id, erasureRequestedAt: { $exists: false } },
          {
            $set: {
              pendingEmail: { email: pending.email.value, requestedAt: pending.requestedAt },
            },
            $push: { history: toHistoryRecord(event) },
          },
        )
        .exec(),
    );
    if (matchedCount > 0) await this.changed([id]);
    return matchedCount > 0;
  }

  async switchEmail(
    id: string,
    email: EmailAddress,
    requestedAt: Date,
    event: WaitlistHistoryEvent,
  ): Promise<boolean> {
    const _id = new mongoose.Types.ObjectId(id);
    try {
      const { matchedCount } = await this.writes.run(() =>
        this.model
          .updateOne(
            {
              _id,
              erasureRequestedAt: { $exists: false },
              'pendingEmail.email': email.value,
              'pendingEmail.requestedAt': requestedAt,
            },
            {
              $set: { email: email.value, emailChangeRequestedAt: requestedAt },
              $unset: { pendingEmail: '' },
              $push: { history: toHistoryRecord(event) },
            },
          )
          .exec(),
      );
      if (matchedCount > 0) {
        await this.changed([id]);
        return true;
      }
    } catch (error) {
      // As for a corrected phone: FerretDB 1.x answers code 1 where MongoDB answers 11000.
      if (await this.holders.freeFromTrapped(id, { email })) {
        return this.switchEmail(id, email, requestedAt, event);
      }
      if (await this.holders.heldByAnother(id, { email: email.value })) {
        throw new EmailAlreadyRegisteredError();
      }
      throw error;
    }
    // Opened twice (a retry after a lost answer): already done.
    return (await this.model.exists({ _id, email: email.value }).exec()) !== null;
  }

  async markErasureRequested(id: string, at: Date): Promise<void> {
    await this.writes.run(() =>
      this.model
        .updateOne(
          { _id: id, erasureRequestedAt: { $exists: false } },
          {
            $set: { erasureRequestedAt: at },
            $push: { history: { at, event: 'erasure-requested' } },
          },
        )
        .exec(),
    );
    await this.changed([id]);
  }

  async remove(id: string): Promise<void> {
    if (!mongoose.isValidObjectId(id)) return;
    await this.writes.run(() =>
      this.model.collection.deleteOne({ _id: new mongoose.Types.ObjectId(id) }),
    );
    await this.changed([id]);
  }

  async idsAwaitingErasure(): Promise<string[]> {
    const records = await this.model.collection
      .find({ erasureRequestedAt: { $exists: true } }, { projection: { _id: 1 } })
      .limit(1000)
      .toArray();
    return records.map(({ _id }) => _id.toHexString());
  }

  async idsAfter(afterId: string | undefined, limit: number): Promise<string[]> {
    const filter =
      afterId !== undefined && mongoose.isValidObjectId(afterId)
        ? { _id: { $gt: new mongoose.Types.ObjectId(afterId) } }
        : {};
    const records = await this.model.collection
      .find(filter, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return records.map(({ _id }) => _id.toHexString());
  }

  async recordConfirmationSent(
    id: string,
    event: WaitlistHistoryEvent,
    expiresAt: Date,
  ): Promise<void> {
    await this.writes.run(() =>
      this.model
        .updateOne(
          { _id: id },
          {
            $set: { confirmationExpiresAt: expiresAt },
            $push: { history: toHistoryRecord(event) },
          },
        )
        .exec(),
    );
    await this.changed([id]);
  }

  async markConfirmed(id: string, seat: Seat, at: Date): Promise<void> {
    // Only an entry still waiting: a second confirmation (a retry, a race) changes nothing.
    await this.writes.run(() =>
      this.model
        .updateOne(
          { _id: id, status: 'awaiting_confirmation' },
          {
            $set: { status: 'confirmed', confirmedAt: at, seat: seat.number },
            $push: { history: { at, event: 'confirmed' } },
          },
        )
        .exec(),
    );
    await this.changed([id]);
  }

  async eraseUnconfirmedExpiredBefore(before: Date): Promise<number> {
    const expired = { status: 'awaiting_confirmation', confirmationExpiresAt: { $lt: before } };
    // Which ones first, for the admin table's read model (the delete re-checks the condition).
    const ids = await this.model.collection
      .find(expired, { projection: { _id: 1 } })
      .map(({ _id }) => _id)
      .toArray();
    if (ids.length === 0) return 0;
    const { deletedCount } = await this.model.collection.deleteMany({
      _id: { $in: ids },
      ...expired,
    });
    await this.changed(ids.map((id) => id.toHexString()));
    return deletedCount;
  }

  async markInvited(
    ids: readonly string[],
    event: 'invited' | 'invite-resent' | 'invite-revoked',
    at: Date,
  ): Promise<void> {
    const objectIds = ids.filter((id) => mongoose.isValidObjectId(id));
    // Entries stored before statuses existed have none: they are confirmed.
    const eligible =
      event === 'invited'
        ? { $in: ['confirmed' as const, null] }
        : { $in: ['invited' as const, 'confirmed' as const, null] };
    const update = {
      ...(event === 'invited' && { $set: { status: 'invited' as const } }),
      $push: { history: { at, event } },
    };
    // In slices, each its own turn in the write queue: FerretDB updates a document at a time
    // (about 5 ms each on SQLite), and a wave of 1,000 must not hold up waitlist sign-ups.
    for (let start = 0; start < objectIds.length; start += MARK_SLICE) {
      const slice = objectIds.slice(start, start + MARK_SLICE);
      await this.writes.run(() =>
        this.model.updateMany({ _id: { $in: slice }, status: eligible }, update).exec(),
      );
      await this.changed(slice);
    }
  }

  async markJoined(id: string, account: JoinedAccount, at: Date): Promise<void> {
    if (!mongoose.isValidObjectId(id)) return;
    await this.writes.run(() =>
      this.model
        .updateOne(
          { _id: id, status: { $ne: 'joined' } },
          {
            $set: {
              status: 'joined',
              joinedAccountId: account.accountId,
              joinedAccountEmail: account.email,
            },
            $push: { history: { at, event: 'account-created' } },
          },
        )
        .exec(),
    );
    await this.changed([id]);
  }
}
