/** What admins did, as the audit log records it. */
export const AUDIT_ACTIONS = [
  'waitlist.exported',
  'mail.retried',
  'invite.sent',
  'invite.revoked',
  'retention.applied',
  'dispute.resolved',
  'nudge.sent',
  'support.answered',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actor of what the application does by itself (the retention job). */
export const SYSTEM_ACTOR: AuditActor = { userId: 'system', email: 'system' };

/** Who did it: what identifies the admin, nothing about the people on the list. */
export interface AuditActor {
  readonly userId: string;
  readonly email: string;
}

/** Facts about the action, without personal data of anyone but the admin. */
export interface AuditDetails {
  /** An export's filter and sort as a query string; a search is recorded by its length only. */
  readonly filter?: string;
  readonly rowCount?: number;
  /** False when the download ended before the last row (the admin cancelled, the network broke). */
  readonly completed?: boolean;
  /** The outbox message an admin retried (its id only: no recipient, no content). */
  readonly messageId?: string;
  /** An invite wave: its id, how its entries were chosen and what it did. */
  readonly waveId?: string;
  readonly selection?: 'next' | 'selected';
  readonly invited?: number;
  readonly resent?: number;
  readonly skipped?: number;
  /** The waitlist entry whose invite was revoked (its id only; removed when the entry is erased). */
  readonly entryId?: string;
  /** The retention job: waitlist entries erased after the retention period (a count only). */
  readonly erasedEntries?: number;
  /** The retention job: records removed after their period, by kind (`outbox-finished`: 12). */
  readonly pruned?: Readonly<Record<string, number>>;
  /** A milestone's dispute an admin decided (#26): which, and how. */
  readonly disputeId?: string;
  readonly dealId?: string;
  readonly milestoneId?: string;
  readonly decision?: 'release' | 'refund';
  /** A support request an admin answered (#41): its id only, never the question or the answer. */
  readonly supportRequestId?: string;
}

export interface NewAuditEvent {
  readonly at: Date;
  readonly actor: AuditActor;
  readonly action: AuditAction;
  readonly details: AuditDetails;
}

export interface AuditEvent extends NewAuditEvent {
  readonly id: string;
}
