import { Injectable } from '@nestjs/common';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import { GetWaitlistStats } from './get-waitlist-stats.use-case.js';
import { PrivacySettings } from './ports/privacy-settings.js';

export interface PersonalPage {
  readonly entry: WaitlistEntry;
  /** Early-access slots still free, as the public count says. */
  readonly slotsLeft: number;
  /** Where to write with a privacy request or a grievance (DPDP Act). */
  readonly grievanceEmail: string;
}

/** What the personal page shows: the entry, and the slots left beside its seat. */
@Injectable()
export class GetPersonalPage {
  constructor(
    private readonly stats: GetWaitlistStats,
    private readonly privacy: PrivacySettings,
  ) {}

  async execute(entry: WaitlistEntry): Promise<PersonalPage> {
    const { remainingSlots } = await this.stats.execute();
    return { entry, slotsLeft: remainingSlots, grievanceEmail: this.privacy.grievanceEmail };
  }
}
