/** The review page's address for a brand link token (the token in the query, never the path). */
export function reviewUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/deal-review?token=${encodeURIComponent(token)}`;
}

/** The creator's page of one deal. */
export function dealUrlOf(publicUrl: string, dealId: string): string {
  return `${publicUrl}/creator/contracts/${encodeURIComponent(dealId)}`;
}
