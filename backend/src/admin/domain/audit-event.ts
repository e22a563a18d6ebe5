/** What admins did, as the audit log records it. */
export const AUDIT_ACTIONS = [
  'waitlist.exported',
  'mail.retried',
  'invite.sent',
  'invite.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
  /** The waitlist entry whose invite was revoked (its id only). */
  readonly entryId?: string;
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
