import { creatorSectionPath } from '../../config/paths';

/**
 * The deal screens' own addresses, kept in the deals chunk (the route table of the landing page's
 * bundle only knows the sections: features/deals/components/deal-routes.tsx routes inside them).
 */
export const dealPaths = {
  /** Every deal of the creator (the Contracts entry's own page). */
  contracts: creatorSectionPath('contracts'),
  newDeal: `${creatorSectionPath('contracts')}/new`,
} as const;

export const dealPath = (dealId: string): string =>
  `${dealPaths.contracts}/${encodeURIComponent(dealId)}`;

export const editDealPath = (dealId: string): string => `${dealPath(dealId)}/edit`;
