import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { SmsBudgetAlerts, type SmsBudgetStatus } from '../../sms/sms.contract.js';
import {
  type DailyCount,
  GetWaitlistStats,
  type UserType,
  WaitlistDirectory,
} from '../../waitlist/waitlist.contract.js';
import { ReconciliationSummary } from './ports/reconciliation-summary.js';

export const OVERVIEW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface WaitlistOverview {
  readonly entries: number;
  readonly awaitingConfirmation: number;
  readonly confirmed: number;
  readonly invited: number;
  readonly joined: number;
  readonly earlyAccessSlots: number;
  readonly earlyAccessSlotsLeft: number;
  /** Entries that confirmed their e-mail (confirmed, invited or joined) over all entries; 0–1. */
  readonly confirmationRate: number;
  /** Entries that joined Paylock (redeemed an invite) over those that confirmed; 0–1. */
  readonly joinRate: number;
  /** The last 30 UTC days, today included, oldest first. */
  readonly signUpsPerDay: readonly DailyCount[];
  readonly byUserType: Readonly<Record<UserType, number>>;
  /** Brand sign-in codes by SMS (#25): the hourly budget and whether it stopped sending. */
  readonly smsBudget: SmsBudgetStatus;
  /** The money's last reconciliation (#26): differences found, null before the first run. */
  readonly reconciliation: { readonly differences: number; readonly ranAt: Date } | null;
}

@Injectable()
export class GetWaitlistOverview {
  constructor(
    private readonly directory: WaitlistDirectory,
    private readonly stats: GetWaitlistStats,
    private readonly clock: Clock,
    private readonly sms: SmsBudgetAlerts,
    private readonly reconciliation: ReconciliationSummary,
  ) {}

  async execute(): Promise<WaitlistOverview> {
    const now = this.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (OVERVIEW_DAYS - 1) * DAY_MS);
    // Slots count seats, as the public page does: an erased seat holder's seat stays taken.
    const [figures, slots, smsBudget, reconciliation] = await Promise.all([
      this.directory.figures(since, now),
      this.stats.execute(),
      this.sms.status(),
      this.reconciliation.lastDifferenceCount(),
    ]);
    const { awaiting_confirmation, confirmed, invited, joined } = figures.byStatus;
    const confirmedAtLeast = confirmed + invited + joined;
    return {
      entries: figures.entries,
      awaitingConfirmation: awaiting_confirmation,
      confirmed,
      invited,
      joined,
      earlyAccessSlots: slots.totalSlots,
      earlyAccessSlotsLeft: slots.remainingSlots,
      confirmationRate: figures.entries === 0 ? 0 : confirmedAtLeast / figures.entries,
      joinRate: confirmedAtLeast === 0 ? 0 : joined / confirmedAtLeast,
      signUpsPerDay: figures.signUpsPerDay,
      byUserType: figures.byUserType,
      smsBudget,
      reconciliation: reconciliation
        ? { differences: reconciliation.count, ranAt: reconciliation.ranAt }
        : null,
    };
  }
}
