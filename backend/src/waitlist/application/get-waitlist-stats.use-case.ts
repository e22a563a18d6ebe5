import { Injectable } from '@nestjs/common';
import { type WaitlistStats, waitlistStatsFor } from '../domain/waitlist-stats.js';
import { WaitlistRepository } from './ports/waitlist.repository.js';

@Injectable()
export class GetWaitlistStats {
  constructor(private readonly entries: WaitlistRepository) {}

  async execute(): Promise<WaitlistStats> {
    return waitlistStatsFor(await this.entries.countEntries());
  }
}
