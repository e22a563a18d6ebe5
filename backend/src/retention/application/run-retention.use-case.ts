import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { waitlistErasureDueAt } from '../domain/retention-due.js';
import { Pruners, RetainedEntries, RetentionReports } from '../retention.contract.js';
import { RetentionLedger } from './ports/retention-ledger.js';
import { RetentionSettings } from './ports/retention-settings.js';

/** Each instance tries once per interval; one per window runs. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
/** An entry's erasure claimed by a process that died is taken over after this. */
export const ERASURE_LEASE_MS = 10 * 60_000;
const PAGE = 100;

export interface RetentionResult {
  /** False when another instance holds this window (it runs instead). */
  readonly ran: boolean;
  /** Whether the waitlist's retention period has passed (LAUNCH_DATE set and long enough ago). */
  readonly waitlistDue: boolean;
  readonly erasedEntries: number;
  readonly pruned: Readonly<Record<string, number>>;
}

/**
 * The retention job (issue #29, ADR 0034): removes every kind of record past its documented
 * period (the registered pruners), and once WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH months have
 * passed since LAUNCH_DATE, erases every waitlist entry through the waitlist's own erasure (its
 * e-mail, links, sessions, invite data and the audit log's mention of it go with it), keeping
 * only counts, which it records in the admin audit log.
 *
 * Safe with any number of instances: one claims each window; each entry's erasure is claimed
 * by one at a time; a process killed half-way leaves claims that the next run takes over, and the
 * reports are written under fixed ids, so each erased entry is counted exactly once.
 */
@Injectable()
export class RunRetention {
  private readonly logger = new Logger(RunRetention.name);

  constructor(
    private readonly ledger: RetentionLedger,
    private readonly pruners: Pruners,
    private readonly waitlist: RetainedEntries,
    private readonly reports: RetentionReports,
    private readonly settings: RetentionSettings,
    private readonly clock: Clock,
  ) {}

  /** When the waitlist's entries are due for erasure; undefined while LAUNCH_DATE is unset. */
  waitlistDueAt(): Date | undefined {
    const { launchDate, monthsAfterLaunch } = this.settings;
    return launchDate && waitlistErasureDueAt(launchDate, monthsAfterLaunch);
  }

  async execute(): Promise<RetentionResult> {
    const now = this.clock.now();
    const windowStart = new Date(
      Math.floor(now.getTime() / RETENTION_INTERVAL_MS) * RETENTION_INTERVAL_MS,
    );
    if (!(await this.ledger.claimWindow(windowStart))) {
      return { ran: false, waitlistDue: false, erasedEntries: 0, pruned: {} };
    }
    const pruned = await this.prune(now);
    const dueAt = this.waitlistDueAt();
    const waitlistDue = dueAt !== undefined && now >= dueAt;
    if (waitlistDue) await this.eraseWaitlist();
    const erasedEntries = await this.report(pruned);
    return { ran: true, waitlistDue, erasedEntries, pruned };
  }

  private async prune(now: Date): Promise<Record<string, number>> {
    const pruned: Record<string, number> = {};
    for (const pruner of this.pruners.all()) {
      try {
        const removed = await pruner.prune(now);
        if (removed > 0) pruned[pruner.name] = removed;
      } catch (error) {
        this.logger.warn(
          `Retention: pruning ${pruner.name} failed (${error instanceof Error ? error.name : 'unknown error'}); the next run tries again`,
        );
      }
    }
    return pruned;
  }

  /** Takes over the erasures a killed run left, then erases every entry in id order. */
  private async eraseWaitlist(): Promise<void> {
    for (const entryId of await this.ledger.lapsedErasures(this.clock.now())) {
      await this.eraseOne(entryId);
    }
    let after: string | undefined;
    for (;;) {
      const ids = await this.waitlist.idsAfter(after, PAGE);
      if (ids.length === 0) return;
      for (const entryId of ids) await this.eraseOne(entryId);
      after = ids.at(-1);
    }
  }

  private async eraseOne(entryId: string): Promise<void> {
    const now = this.clock.now();
    if (!(await this.ledger.claimErasure(entryId, now, new Date(now.getTime() + ERASURE_LEASE_MS))))
      return;
    await this.waitlist.erase(entryId);
    await this.ledger.markErased(entryId, this.clock.now());
  }

  /**
   * Writes each open report to the audit log once (its id is the event's), then closes it. The
   * pruning figures go with the first report of this run, or alone when nothing was erased.
   * Answers how many entries the reports counted.
   */
  private async report(pruned: Record<string, number>): Promise<number> {
    let erasedEntries = 0;
    let prunedReported = Object.keys(pruned).length === 0;
    for (const report of await this.ledger.openReports()) {
      await this.reports.recordOnce(report.id, this.clock.now(), {
        erasedEntries: report.erasedEntries,
        ...(!prunedReported && { pruned }),
      });
      prunedReported = true;
      await this.ledger.closeReport(report.id);
      erasedEntries += report.erasedEntries;
    }
    if (!prunedReported) {
      await this.reports.record(this.clock.now(), { erasedEntries: 0, pruned });
    }
    if (erasedEntries > 0) {
      this.logger.log(`Retention: erased ${erasedEntries} waitlist entries after their period`);
    }
    return erasedEntries;
  }
}
