import type { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { daysBefore, type Pruner } from '../../retention/retention.contract.js';

/**
 * How long a deal's links are kept after they expired: well past any deal's life, so an old
 * link always answers "expired" (and its brand can ask for a fresh one), never "not valid". The
 * deals module owns its links' lifetime; the waitlist's sweep forgets only its own purposes.
 */
export const DEAL_LINKS_KEPT_DAYS = 400;

/** Forgets deal links (review and money links, claim links) expired 400 days ago. */
export function dealLinksPruner(links: LinkTokens): Pruner {
  return {
    name: 'deal-links',
    prune: (now) =>
      links.discardExpiredBefore(daysBefore(now, DEAL_LINKS_KEPT_DAYS), [
        'deal-review',
        'deal-claim',
      ]),
  };
}
