/** What admins did, as the audit log records it. Later: 'invite.sent'. */
export const AUDIT_ACTIONS = ['waitlist.exported', 'mail.retried'] as const;
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
