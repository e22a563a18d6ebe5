import { Injectable } from '@nestjs/common';
import { type WaitlistStats, waitlistStatsFor } from '../domain/waitlist-stats.js';
import { WaitlistSeats } from './ports/waitlist-seats.js';

@Injectable()
export class GetWaitlistStats {
  constructor(private readonly seats: WaitlistSeats) {}

  /** Confirmed entries only: an unconfirmed one holds no seat. */
  async execute(): Promise<WaitlistStats> {
    return waitlistStatsFor(await this.seats.countTaken());
  }
}
