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

/** The registry of pruners (a plain class, provided by the global retention module). */
export class Pruners {
  private readonly pruners: Pruner[] = [];

  register(pruner: Pruner): void {
    if (!this.pruners.some(({ name }) => name === pruner.name)) this.pruners.push(pruner);
  }

  all(): readonly Pruner[] {
    return this.pruners;
  }
}
