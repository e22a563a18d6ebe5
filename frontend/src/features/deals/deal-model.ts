import type { DealDto } from '@/api/generated/types.gen';

/**
 * What the deal screens show about a deal's state, its parts and its lists. The states, views and
 * sorts are the server's (the API enforces every transition); this file only names them for people.
 */
/** A deal's state, as the API declares it. */
export type DealState = DealDto['state'];

export const dealStateLabels: Record<DealState, string> = {
  draft: 'Draft',
  sent: 'Awaiting brand',
  changes_requested: 'Changes requested',
  accepted: 'Active',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const platformOptions = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'other', label: 'Other' },
] as const;
export type Platform = (typeof platformOptions)[number]['value'];

export const deliverableKindOptions = [
  { value: 'reel', label: 'Reel' },
  { value: 'post', label: 'Post' },
  { value: 'story', label: 'Story' },
  { value: 'video', label: 'Video' },
  { value: 'other', label: 'Other' },
] as const;
export type DeliverableKind = (typeof deliverableKindOptions)[number]['value'];

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

export const platformLabel = (value: string) => labelOf(platformOptions, value);
export const deliverableKindLabel = (value: string) => labelOf(deliverableKindOptions, value);

/** The deal lists the sidebar opens (by the server's view name) and their sorts. */
export { DEAL_SORTS, DEAL_VIEWS, type DealSort, type DealView } from '@paylock/deal-limits';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50] as const;

/** Who did something to a deal, as the history names them. */
export const partyLabels: Record<'creator' | 'brand' | 'system' | 'admin', string> = {
  creator: 'You',
  brand: 'The brand',
  system: 'Paylock',
  // An admin decides a milestone's dispute (#26).
  admin: 'Paylock (dispute decision)',
};

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as people in India read it: "5 Mar 2026". */
export const formatDay = (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`));

const counts = new Intl.NumberFormat('en-IN');
/**
 * A count in Indian grouping. utils/format-count does the same; importing it here would split the
 * chunk the landing page preloads it in and put one more chunk name in the landing page's bundle.
 */
export const formatCount = (count: number): string => counts.format(count);
