import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { isDatabaseUnavailableError } from '../../../../database/database-unavailable.js';
import { isDuplicateKeyError } from '../../../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import { WaitlistRepository } from '../../../application/ports/waitlist.repository.js';
import { Seat } from '../../../domain/seat.js';
import type { WaitlistEntry } from '../../../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../../../domain/waitlist.errors.js';
import { RecentCount } from './recent-count.js';
import { SerialQueue } from './serial-queue.js';
import { toWaitlistEntryRecord } from './waitlist-entry.mapper.js';
import { WAITLIST_ENTRY_MODEL, type WaitlistEntryRecord } from './waitlist-entry.schema.js';

/** Only other processes compete for seats; each lost claim means one of them stored an entry. */
const MAX_SEAT_CLAIMS = 50;
/** Every landing and waitlist page view reads the count; another instance's entries show within this. */
const ENTRY_COUNT_FRESH_MS = 1_000;

function fulfils(promise: Promise<unknown>): Promise<boolean> {
  return promise.then(
    () => true,
    () => false,
  );
}

/**
 * Seats are claimed by inserting against the unique index on `seat`, so two entries never share
 * one, however many processes insert at once. Within this process inserts run one at a time and
 * the seat after this process's last successful insert is remembered: they never compete with
 * each other, and a refused duplicate leaves no gap. The remembered seat is only a guess, trusted
 * until an insert fails for any reason; the next claim then starts after the highest stored seat
 * (a seat another process took, or an insert that may have landed before its error).
 *
 * FerretDB's duplicate-key error does not say which unique index refused the insert, so phone and
 * e-mail are looked up after each one (outside the queue: reads need not wait for inserts). The
 * app never removes entries, so an entry that refused ours is still there when we look; if
 * neither is found, the seat was taken.
 */
@Injectable()
export class MongoWaitlistRepository extends WaitlistRepository {
  private readonly inserts = new SerialQueue(isDatabaseUnavailableError);
  private readonly addsInFlightByPhone = new Map<string, Promise<Seat>>();
  private nextSeatHint: number | undefined;
  /** The unique indexes are what keeps entries and seats unique: none is written without them. */
  private readonly indexes = new IndexesBeforeFirstWrite(() => this.model.createIndexes());
  private readonly entryCount = new RecentCount(
    () => this.model.countDocuments().exec(),
    ENTRY_COUNT_FRESH_MS,
  );

  constructor(
    @InjectModel(WAITLIST_ENTRY_MODEL) private readonly model: Model<WaitlistEntryRecord>,
  ) {
    super();
  }

  nextId(): string {
    return new mongoose.Types.ObjectId().toHexString();
  }

  async add(entry: WaitlistEntry): Promise<Seat> {
    const phone = entry.phone.national;
    const earlier = this.addsInFlightByPhone.get(phone);
    if (earlier) {
      // The same number is being stored right now (a double submit, a retry): once that succeeds
      // this one is a duplicate, known without another round trip to the database.
      if (await fulfils(earlier)) throw new PhoneAlreadyRegisteredError();
      return this.store(entry);
    }
    const adding = this.store(entry);
    this.addsInFlightByPhone.set(phone, adding);
    try {
      return await adding;
    } finally {
      this.addsInFlightByPhone.delete(phone);
    }
  }

  countEntries(): Promise<number> {
    return this.entryCount.get();
  }

  private async store(entry: WaitlistEntry): Promise<Seat> {
    await this.indexes.ensure();
    for (let claim = 1; claim <= MAX_SEAT_CLAIMS; claim++) {
      const seat = await this.inserts.run(() => this.insertAtNextSeat(entry));
      if (seat) {
        this.entryCount.increment();
        return seat;
      }
      await this.rejectIfAlreadyRegistered(entry);
    }
    throw new Error(`No free seat after ${MAX_SEAT_CLAIMS} claims`);
  }

  /** The seat taken, or undefined when a unique index refused the entry. */
  private async insertAtNextSeat(entry: WaitlistEntry): Promise<Seat | undefined> {
    const seat = Seat.of(this.nextSeatHint ?? (await this.highestSeat()) + 1);
    // Until this insert succeeds the guess is doubtful: the seat may be another process's by now,
    // or a failed insert may have landed before its error. Dropping it also spares the inserts
    // queued behind a refused one from each failing against the same taken seat.
    this.nextSeatHint = undefined;
    try {
      // Straight to the driver: the mapper's record is complete by type, and Mongoose's casting
      // and validation would lengthen this one-at-a-time step, which bounds the throughput.
      await this.model.collection.insertOne(toWaitlistEntryRecord(entry, seat));
    } catch (error) {
      if (isDuplicateKeyError(error)) return undefined;
      throw error;
    }
    this.nextSeatHint = seat.number + 1;
    return seat;
  }

  private async highestSeat(): Promise<number> {
    const highest = await this.model
      .findOne({}, { seat: 1 })
      .sort({ seat: -1 })
      .lean<Pick<WaitlistEntryRecord, 'seat'>>()
      .exec();
    return highest?.seat ?? 0;
  }

  /**
   * One field at a time: FerretDB scans for these, and a single-field filter scans faster. The
   * phone is looked up again after an e-mail is found: the same person's entry, stored by another
   * process between the two lookups, would otherwise be reported as an e-mail already registered.
   */
  private async rejectIfAlreadyRegistered(entry: WaitlistEntry): Promise<void> {
    const phoneTaken = () => this.model.exists({ phone: entry.phone.national }).exec();
    if (await phoneTaken()) throw new PhoneAlreadyRegisteredError();
    if (await this.model.exists({ email: entry.email.value }).exec()) {
      if (await phoneTaken()) throw new PhoneAlreadyRegisteredError();
      throw new EmailAlreadyRegisteredError();
    }
  }
}
