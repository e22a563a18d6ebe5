import { type KeyedRow } from '../../../database/keyed-pages.js';
import { newestFirstKey } from '../../../database/page-cursors.js';
import type { DealListRow } from '../../application/ports/deal-lists.js';
import {
  boundPartyOf,
  currentContract,
  type Deal,
  DEAL_VIEWS,
  type DealState,
  VIEW_STATES,
} from '../../domain/deal.js';

/**
 * What the lists know of one deal at one revision: the row they show and who it is listed for.
 * Times are epoch milliseconds (the snapshot travels as JSON through the outbox and journal).
 */
export interface DealListSnapshot {
  readonly dealId: string;
  readonly revision: number;
  readonly creatorId: string;
  readonly state: DealState;
  readonly title: string;
  readonly campaign: string | null;
  readonly brandCompany: string;
  readonly mobile: string;
  readonly email: string;
  readonly totalPaise: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly sentAt: number | null;
  readonly linkExpiresAt: number | null;
  readonly creatorName: string;
  readonly milestoneCount: number;
  readonly bound: DealListRow['bound'];
  /** The deal was deleted (an offer never accepted, its creator's account erased, #41). */
  readonly erased?: true;
}

/** A row as stored in a list chunk: the snapshot's shown fields, times in milliseconds. */
export type StoredRow = Omit<
  DealListSnapshot,
  'revision' | 'creatorId' | 'mobile' | 'email' | 'erased'
>;

export function snapshotOf(deal: Deal): DealListSnapshot {
  const party = boundPartyOf(deal);
  return {
    dealId: deal.id,
    revision: deal.revision,
    creatorId: deal.creatorId,
    state: deal.state,
    title: deal.title,
    campaign: deal.campaign,
    brandCompany: deal.brand.companyName,
    mobile: deal.brand.contactMobile,
    email: deal.brand.contactEmail,
    totalPaise: deal.totalPaise,
    createdAt: deal.createdAt.getTime(),
    updatedAt: deal.updatedAt.getTime(),
    sentAt: deal.sentAt?.getTime() ?? null,
    linkExpiresAt: deal.linkExpiresAt?.getTime() ?? null,
    creatorName: currentContract(deal)?.creatorAcceptance.fullName ?? '',
    milestoneCount: deal.milestones.length,
    bound: party
      ? party.channel === 'account'
        ? { channel: 'account', brandId: party.brandId }
        : { channel: 'email' }
      : null,
  };
}

/**
 * The tombstone of a deleted deal at `revision`: in no list and no counter; it keeps only the
 * ids and the state it was in (the follower takes the deal's previous placements away).
 */
export function erasedSnapshotOf(deal: Deal, revision: number): DealListSnapshot {
  return {
    ...snapshotOf(deal),
    revision,
    title: '',
    campaign: null,
    brandCompany: '',
    mobile: '',
    email: '',
    totalPaise: 0,
    creatorName: '',
    bound: null,
    erased: true,
  };
}

/** The creator's list of one view: `c:<creatorId>:<view>`. */
export const creatorListKey = (creatorId: string, view: string) => `c:${creatorId}:${view}`;
/**
 * The dashboard overview's short lists, most recently updated first: the creator's deals that
 * need an action (`needs-action`: draft, changes requested) and those awaiting the brand
 * (`awaiting-brand`: sent). `o:<creatorId>:<kind>`.
 */
export const OVERVIEW_LISTS = {
  'needs-action': ['draft', 'changes_requested'],
  'awaiting-brand': ['sent'],
} as const satisfies Record<string, readonly DealState[]>;
export type OverviewList = keyof typeof OVERVIEW_LISTS;
export const creatorOverviewListKey = (creatorId: string, kind: OverviewList) =>
  `o:${creatorId}:${kind}`;
/** Deals sent to a brand's number, or to its address: `bm:<mobile>`, `be:<email>`. */
export const brandMobileListKey = (mobile: string) => `bm:${mobile}`;
export const brandEmailListKey = (email: string) => `be:${email}`;

export interface Placement extends KeyedRow<StoredRow> {
  readonly list: string;
}

function rowOf(snapshot: DealListSnapshot): StoredRow {
  return {
    dealId: snapshot.dealId,
    state: snapshot.state,
    title: snapshot.title,
    campaign: snapshot.campaign,
    brandCompany: snapshot.brandCompany,
    totalPaise: snapshot.totalPaise,
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
    sentAt: snapshot.sentAt,
    linkExpiresAt: snapshot.linkExpiresAt,
    creatorName: snapshot.creatorName,
    milestoneCount: snapshot.milestoneCount,
    bound: snapshot.bound,
  };
}

/** A key's entry gone from a record of counts (the record is stored as JSON). */
const forget = (record: object, key: string) => Reflect.deleteProperty(record, key);

/** Every list the deal appears in, at which key: the creator's views, the brand's two lists. */
export function placementsOf(snapshot: DealListSnapshot): Placement[] {
  if (snapshot.erased) return [];
  const row = rowOf(snapshot);
  const id = snapshot.dealId;
  const created = newestFirstKey(new Date(snapshot.createdAt), id);
  const placements: Placement[] = DEAL_VIEWS.filter((view) =>
    VIEW_STATES[view].includes(snapshot.state),
  ).map((view) => ({ list: creatorListKey(snapshot.creatorId, view), id, sortKey: created, row }));
  const updated = newestFirstKey(new Date(snapshot.updatedAt), id);
  for (const [kind, states] of Object.entries(OVERVIEW_LISTS) as [
    OverviewList,
    readonly DealState[],
  ][]) {
    if (!states.includes(snapshot.state)) continue;
    placements.push({
      list: creatorOverviewListKey(snapshot.creatorId, kind),
      id,
      sortKey: updated,
      row,
    });
  }
  if (snapshot.state !== 'draft' && snapshot.sentAt !== null) {
    const sent = newestFirstKey(new Date(snapshot.sentAt), id);
    placements.push({ list: brandMobileListKey(snapshot.mobile), id, sortKey: sent, row });
    if (snapshot.email !== '') {
      placements.push({ list: brandEmailListKey(snapshot.email), id, sortKey: sent, row });
    }
  }
  return placements;
}

/** A brand's or a campaign's figures, kept as counts so that a change is added or taken away. */
export interface GroupFigures {
  name: string;
  byState: Partial<Record<DealState, number>>;
  paiseByState: Partial<Record<DealState, number>>;
  brands: Record<string, number>;
  lastActivityAt: number;
}

/** One document per creator: counts per state, the sent deals' expiries, the groups' figures. */
export interface CreatorCounters {
  byState: Partial<Record<DealState, number>>;
  /** Sent deals' link expiry (ms) by deal id: what the lazy expiry looks at. */
  expiring: Record<string, number>;
  collaborations: Record<string, GroupFigures>;
  campaigns: Record<string, GroupFigures>;
}

export const emptyCounters = (): CreatorCounters => ({
  byState: {},
  expiring: {},
  collaborations: {},
  campaigns: {},
});

function addTo(
  groups: Record<string, GroupFigures>,
  key: string,
  snapshot: DealListSnapshot,
  sign: 1 | -1,
  name: string,
) {
  const group = (groups[key] ??= {
    name,
    byState: {},
    paiseByState: {},
    brands: {},
    lastActivityAt: 0,
  });
  const { state } = snapshot;
  group.byState[state] = (group.byState[state] ?? 0) + sign;
  group.paiseByState[state] = (group.paiseByState[state] ?? 0) + sign * snapshot.totalPaise;
  group.brands[snapshot.brandCompany] = (group.brands[snapshot.brandCompany] ?? 0) + sign;
  if (group.brands[snapshot.brandCompany] === 0) forget(group.brands, snapshot.brandCompany);
  if (sign > 0) group.lastActivityAt = Math.max(group.lastActivityAt, snapshot.updatedAt);
  if (Object.values(group.byState).every((count) => count === 0)) forget(groups, key);
}

/** Adds (`sign` 1) or takes away (-1) one deal's share of its creator's counters. */
export function countInto(counters: CreatorCounters, snapshot: DealListSnapshot, sign: 1 | -1) {
  if (snapshot.erased) return;
  const { state } = snapshot;
  counters.byState[state] = (counters.byState[state] ?? 0) + sign;
  forget(counters.expiring, snapshot.dealId);
  if (sign > 0 && state === 'sent' && snapshot.linkExpiresAt !== null) {
    counters.expiring[snapshot.dealId] = snapshot.linkExpiresAt;
  }
  const brandKey = snapshot.brandCompany.toLowerCase();
  addTo(counters.collaborations, brandKey, snapshot, sign, snapshot.brandCompany);
  if (snapshot.campaign !== null) {
    addTo(counters.campaigns, snapshot.campaign, snapshot, sign, snapshot.campaign);
  }
}

/** Counters in a canonical form (rebuild compares them): zero counts left out, keys sorted. */
export function canonicalCounters(counters: CreatorCounters): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== 0)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;
  return JSON.stringify(sorted(counters));
}
