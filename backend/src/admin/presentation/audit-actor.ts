import type { AuthorizedUser } from '../../auth/index.js';
import type { AuditActor } from '../domain/audit-event.js';

/** The admin making a request, as the audit log records them. */
export function auditActorOf({ user }: AuthorizedUser): AuditActor {
  return { userId: user.id, email: user.email };
}
