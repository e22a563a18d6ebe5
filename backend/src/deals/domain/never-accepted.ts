/** What the rule reads of a deal (a Deal, structurally). */
export interface OfferFacts {
  readonly state: string;
  readonly history: readonly { readonly to: string }[];
  readonly milestones: readonly {
    readonly fundedAt: Date | null;
    readonly releasedAt: Date | null;
    readonly refundedAt: Date | null;
  }[];
  readonly contracts: readonly {
    readonly brandAcceptance: object | null;
    readonly signedSha256: string | null;
  }[];
}

/**
 * A deal nobody but its creator is bound by: never accepted (no acceptance in its history), no
 * money on any milestone, and no contract the brand signed. Erasing the creator's account deletes
 * it (#41).
 */
export function isNeverAcceptedOffer(deal: OfferFacts): boolean {
  if (deal.state === 'accepted' || deal.state === 'completed') return false;
  if (deal.history.some(({ to }) => to === 'accepted')) return false;
  const money = deal.milestones.some(
    ({ fundedAt, releasedAt, refundedAt }) =>
      fundedAt !== null || releasedAt !== null || refundedAt !== null,
  );
  const signed = deal.contracts.some(
    ({ brandAcceptance, signedSha256 }) => brandAcceptance !== null || signedSha256 !== null,
  );
  return !money && !signed;
}
