import type { Deal } from '../../deals/deals.contract.js';

/** How far the deal an accepted request started has gone. */
export interface DealProgress {
  readonly sent: boolean;
  readonly accepted: boolean;
  readonly funded: boolean;
}

/** Requests received → deals sent → accepted → funded: each a count of requests. */
export interface RequestFunnel {
  readonly received: number;
  readonly dealsSent: number;
  readonly accepted: number;
  readonly funded: number;
}

/**
 * From the deal's own record: sent once it went to the brand, accepted once the brand signed,
 * funded once any milestone got money (a later refund does not undo that it was funded).
 */
export function dealProgressOf(deal: Deal): DealProgress {
  const moved = (to: string) => deal.history.some((entry) => entry.to === to && !entry.milestone);
  return {
    sent: deal.sentAt !== null || moved('sent'),
    accepted: moved('accepted'),
    funded: deal.milestones.some((milestone) => milestone.state !== 'pending'),
  };
}

/** The funnel of a creator's requests, by the deals they produced (`progress` by deal id). */
export function requestFunnel(
  requests: readonly { readonly dealId: string | null }[],
  progress: ReadonlyMap<string, DealProgress>,
): RequestFunnel {
  const reached = requests.map(({ dealId }) =>
    dealId === null ? undefined : progress.get(dealId),
  );
  const count = (step: keyof DealProgress) => reached.filter((deal) => deal?.[step]).length;
  return {
    received: requests.length,
    dealsSent: count('sent'),
    accepted: count('accepted'),
    funded: count('funded'),
  };
}
