import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { DatabaseMigrations } from '../../../../database/database-migrations.js';
import { isDatabaseUnavailableError } from '../../../../database/database-unavailable.js';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import { schemaIndexesBeforeFirstWrite } from '../../../../database/schema-indexes.js';
import { WaitlistSeats } from '../../../application/ports/waitlist-seats.js';
import { Seat } from '../../../domain/seat.js';
import { RecentCount } from './recent-count.js';
import { SerialQueue } from './serial-queue.js';
import { WaitlistSeatRecord } from './waitlist-seat.schema.js';

/** Only other processes compete for seats; each lost claim means one of them took a seat. */
const MAX_SEAT_CLAIMS = 50;
/** Every landing and waitlist page view reads the count; another instance's seats show within this. */
const SEAT_COUNT_FRESH_MS = 1_000;

/**
 * Seats are claimed by inserting against the unique `_id` (the seat number) and the unique
 * `entryId`, so two entries never share a seat and an entry never gets two, however many
 * processes confirm at once. Within this process claims run one at a time and the seat after this
 * process's last claim is remembered: they never compete with each other, and a refused claim
 * leaves no gap. The remembered seat is only a guess, trusted until a claim fails; the next one
 * then starts after the highest stored seat.
 *
 * Before the first claim or count, the database migrations have run: among them the copy of the
 * seats of entries stored before confirmations existed (database/migrations/0002).
 */
@Injectable()
export class MongoWaitlistSeats extends WaitlistSeats {
  private readonly claims = new SerialQueue(isDatabaseUnavailableError);
  private nextSeatHint: number | undefined;
  private readonly ready: IndexesBeforeFirstWrite;
  private readonly seatCount = new RecentCount(async () => {
    await this.ready.ensure();
    return this.seats.countDocuments().exec();
  }, SEAT_COUNT_FRESH_MS);

  constructor(
    @InjectModel(WaitlistSeatRecord.name) private readonly seats: Model<WaitlistSeatRecord>,
    private readonly migrations: DatabaseMigrations,
  ) {
    super();
    const indexes = schemaIndexesBeforeFirstWrite(seats);
    this.ready = new IndexesBeforeFirstWrite(async () => {
      await indexes.ensure();
      await this.migrations.ensure(); // seats of the time before confirmations copied first (0002)
    });
  }

  async claim(entryId: string, at: Date): Promise<Seat> {
    await this.ready.ensure();
    const id = new mongoose.Types.ObjectId(entryId);
    for (let claim = 1; claim <= MAX_SEAT_CLAIMS; claim++) {
      const held = await this.seatOf(id);
      if (held) return held;
      const seat = await this.claims.run(() => this.insertAtNextSeat(id, at));
      if (seat) {
        this.seatCount.increment();
        return seat;
      }
    }
    throw new Error(`No free seat after ${MAX_SEAT_CLAIMS} claims`);
  }

  countTaken(): Promise<number> {
    return this.seatCount.get();
  }

  private async seatOf(entryId: mongoose.Types.ObjectId): Promise<Seat | undefined> {
    const held = await this.seats
      .findOne({ entryId }, { _id: 1 })
      .lean<Pick<WaitlistSeatRecord, '_id'>>()
      .exec();
    return held ? Seat.of(held._id) : undefined;
  }

  /** The seat taken, or undefined when a unique index refused it (seat or entry already taken). */
  private async insertAtNextSeat(
    entryId: mongoose.Types.ObjectId,
    claimedAt: Date,
  ): Promise<Seat | undefined> {
    const seat = Seat.of(this.nextSeatHint ?? (await this.highestSeat()) + 1);
    // Until this insert succeeds the guess is doubtful (another process may have the seat now).
    this.nextSeatHint = undefined;
    const claimed = await insertedFirst(() =>
      this.seats.create({ _id: seat.number, entryId, claimedAt }),
    );
    if (!claimed) return undefined;
    this.nextSeatHint = seat.number + 1;
    return seat;
  }

  private async highestSeat(): Promise<number> {
    const [highest] = await this.seats
      .find({}, { _id: 1 })
      .sort({ _id: -1 })
      .limit(1)
      .lean<Pick<WaitlistSeatRecord, '_id'>[]>()
      .exec();
    return highest?._id ?? 0;
  }
}
