import type { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { daysBefore, type Pruner } from '../../retention/retention.contract.js';

/** How long an unsubscribe link is kept after it expired: an old one answers "expired" a while. */
export const UNSUBSCRIBE_LINKS_KEPT_DAYS = 30;

/** Forgets reminder e-mails' unsubscribe links expired 30 days ago (the retention job runs it). */
export function unsubscribeLinksPruner(links: LinkTokens): Pruner {
  return {
    name: 'notification-unsubscribe-links',
    prune: (now) =>
      links.discardExpiredBefore(daysBefore(now, UNSUBSCRIBE_LINKS_KEPT_DAYS), [
        'notifications-unsubscribe',
      ]),
  };
}
