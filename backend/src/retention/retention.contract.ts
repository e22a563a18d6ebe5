/**
 * What other modules use of retention (issue #29): each module that keeps records only for a
 * while registers a Pruner at start (onModuleInit); the retention job runs every pruner once per
 * window, in one instance. FerretDB has no TTL indexes, so this job is what forgets old records.
 */

/** How long finished records are kept before the retention job removes them (docs/privacy.md). */
export const RETENTION_PERIODS = {
  /** Sent and failed e-mail (their addresses and content) in `outbox`. */
  outboxFinishedDays: 30,
  /** Claims of delivery attempts in `outbox_claims`, after their lease ended. */
  outboxClaimsDays: 7,
  /** Sessions ended (revoked or past their absolute lifetime), their refresh tokens and rotations. */
  endedSessionsDays: 30,
  /** Invite claims of invites expired this long ago (an expired invite is never redeemed). */
  inviteClaimsDays: 90,
  /** Settled SMS (the number, status and provider's answer; never the code) in `sms_outbox`. */
  smsFinishedDays: 30,
  /** Claims of SMS delivery attempts in `sms_claims`. */
  smsClaimsDays: 7,
} as const;

const DAY_MS = 24 * 3_600_000;

/** `now` minus `days` whole days. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Removes one kind of record past its period; answers how many it removed. Idempotent. */
export interface Pruner {
  /** A short stable name, used in the audit log's figures (`outbox-finished`; no dots: a key). */
  readonly name: string;
  prune(now: Date): Promise<number>;
}

/** The registry of pruners (a plain class, provided by PrunersModule). */
export class Pruners {
  private readonly pruners: Pruner[] = [];

  register(pruner: Pruner): void {
    if (!this.pruners.some(({ name }) => name === pruner.name)) this.pruners.push(pruner);
  }

  all(): readonly Pruner[] {
    return this.pruners;
  }
}

/**
 * The waitlist's entries as the retention job erases them once their period has passed (the
 * waitlist implements it with the person's own erasure; the app module wires it in).
 */
export abstract class RetainedEntries {
  /** Up to `limit` entry ids after `afterId`, in a stable order (a whole pass sees each once). */
  abstract idsAfter(afterId: string | undefined, limit: number): Promise<string[]>;
  /** Erases the entry, or finishes its erasure; an entry already gone is a success. */
  abstract erase(entryId: string): Promise<void>;
}

/** What one run of the job did: counts only, never whom. */
export interface RetentionFigures {
  readonly erasedEntries: number;
  /** Records removed after their period, by pruner name; absent when reported with another run. */
  readonly pruned?: Readonly<Record<string, number>>;
}

/** Where the job's figures are recorded (the admin audit log implements it; the app module wires it in). */
export abstract class RetentionReports {
  /** Records the figures under `id` unless recorded already (a resumed run's report). */
  abstract recordOnce(id: string, at: Date, figures: RetentionFigures): Promise<void>;
  abstract record(at: Date, figures: RetentionFigures): Promise<void>;
}
