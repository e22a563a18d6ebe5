import type { Deal } from '../domain/deal.js';
import { DEFAULT_REVISION_ROUNDS } from '../domain/deal-terms.js';
import { PENDING_MONEY } from '../domain/milestone.js';

/** A deal as stored: the domain object with `_id` for `id`, and the brand's name lower-cased. */
export type DealDocument = Omit<Deal, 'id'> & { _id: string; brandKey: string };

export function toDocument(deal: Deal): DealDocument {
  const { id, ...rest } = deal;
  return { _id: id, ...rest, brandKey: deal.brand.companyName.toLowerCase() };
}

export function toDeal(document: DealDocument): Deal {
  // brandKey is derived from the brand's name: not part of the domain object.
  const { _id, ...fields }: Omit<DealDocument, 'brandKey'> & { brandKey?: string } = document;
  delete fields.brandKey;
  // Deals stored before the money issue: their milestones pending, the default revision rounds.
  return {
    id: _id,
    ...fields,
    revisionRounds:
      (fields as { revisionRounds?: number }).revisionRounds ?? DEFAULT_REVISION_ROUNDS,
    milestones: fields.milestones.map((milestone) => ({ ...PENDING_MONEY, ...milestone })),
  };
}
