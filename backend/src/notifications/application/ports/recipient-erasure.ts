import type { RecipientKey } from '../../domain/notification.js';

/**
 * An erased account's notices (#41): once forgotten, a recipient is told nothing more, and its
 * in-app notices, unread counter, read marks, preferences and the reminders queued for its deals
 * are gone. The deals' delivery records (the timeline: which kind went to which account id, and
 * when) stay with the deals.
 */
export abstract class RecipientErasure {
  /** Marks the recipient forgotten first (no new notice lands), then removes what it holds. */
  abstract forget(recipient: RecipientKey, dealIds: readonly string[], at: Date): Promise<void>;
  abstract isForgotten(recipient: RecipientKey): Promise<boolean>;
}
