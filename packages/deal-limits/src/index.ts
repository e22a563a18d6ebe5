/**
 * The deal's limits and list names. The API's deals domain checks them and the web app's "New
 * deal" form and lists use the same values, so the two cannot drift. Plain data only: no code
 * from either side, nothing that grows the web app's bundles beyond the values themselves.
 */

/** Length caps of every text, in characters (code points), and the counts and ranges of a deal. */
export const DEAL_LIMITS = {
  title: 120,
  brief: 5000,
  campaign: 100,
  companyName: 120,
  contactName: 100,
  email: 254,
  usageRights: 500,
  milestoneName: 120,
  releaseCondition: 500,
  comment: 2000,
  fullName: 100,
  search: 100,
  minMilestones: 1,
  maxMilestones: 20,
  minDeliverables: 1,
  maxDeliverables: 20,
  maxQuantity: 100,
  maxUsagePeriodDays: 3650,
  minApprovalWindowDays: 1,
  maxApprovalWindowDays: 30,
  minRevisionRounds: 0,
  maxRevisionRounds: 5,
} as const;

export const DEFAULT_APPROVAL_WINDOW_DAYS = 7;
export const DEFAULT_REVISION_ROUNDS = 2;

/** The lists of the creator's contracts, by view name (the API's `view` query, the sidebar's links). */
export const DEAL_VIEWS = [
  'all',
  'active',
  'pending',
  'completed',
  'proposals',
  'archive',
] as const;
export type DealView = (typeof DEAL_VIEWS)[number];

/** The orders a deal list can be sorted in (the API's `sort` query). */
export const DEAL_SORTS = [
  'newest',
  'oldest',
  'updated',
  'amount_desc',
  'amount_asc',
  'title',
] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
