/**
 * A deal between a creator and a brand: its parties, scope, milestones and money, and the state
 * machine that only the server moves. Plain TypeScript: no framework, no database.
 */
import type { DealView } from '@paylock/deal-limits';

export const DEAL_STATES = [
  'draft',
  'sent',
  'changes_requested',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

export const PLATFORMS = ['instagram', 'youtube', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const DELIVERABLE_KINDS = ['reel', 'post', 'story', 'video', 'other'] as const;
export type DeliverableKind = (typeof DELIVERABLE_KINDS)[number];

import type { BrandBilling } from './brand-billing.js';
import type { DealBrandParty } from './brand-party.js';
import {
  type MilestoneAction,
  type MilestoneMoney,
  type MilestoneState,
  MILESTONE_STATES,
} from './milestone.js';

export { MILESTONE_STATES, type MilestoneState };

/** Who moves a deal or a milestone: an admin only resolves a milestone's dispute. */
export type Party = 'creator' | 'brand' | 'system' | 'admin';

export interface BrandParty {
  readonly companyName: string;
  readonly contactName: string;
  /** Normalised as the waitlist normalises addresses (trimmed, NFKC, lower case). */
  readonly contactEmail: string;
  /** Ten digits starting 6–9, the waitlist's rule. */
  readonly contactMobile: string;
  /**
   * The brand's GSTIN and billing address, given when it accepted (optional): the recipient's on
   * the creator's invoices. Absent on deals not yet accepted, or accepted without them.
   */
  readonly billing?: BrandBilling;
}

export interface Deliverable {
  readonly platform: Platform;
  readonly kind: DeliverableKind;
  readonly quantity: number;
  /** A calendar day, YYYY-MM-DD. */
  readonly dueDate: string;
  readonly usageRights: string;
  readonly usagePeriodDays: number;
}

export interface Milestone extends MilestoneMoney {
  readonly id: string;
  readonly name: string;
  /** What releases it, in words ("The reel is live on Instagram"). */
  readonly releaseCondition: string;
  readonly amountPaise: number;
  readonly dueDate: string;
}

/** What the creator writes; the server adds ids, states and everything else. */
export interface DealTerms {
  readonly title: string;
  readonly brief: string;
  readonly campaign: string | null;
  readonly brand: BrandParty;
  readonly deliverables: readonly Deliverable[];
  readonly milestones: readonly Milestone[];
  readonly totalPaise: number;
  readonly approvalWindowDays: number;
  /** Rounds of changes the brand may ask for on a submitted milestone (0–5, default 2). */
  readonly revisionRounds: number;
  readonly gstApplies: boolean;
  readonly gstin: string | null;
}

/** Cancelling an accepted deal by agreement (contract clause 7; see cancellation.ts). */
export type CancellationParty = 'creator' | 'brand';
export const CANCELLATION_ACTIONS = ['propose', 'withdraw', 'agree', 'decline'] as const;
export type CancellationAction = (typeof CANCELLATION_ACTIONS)[number];

/** An open proposal to cancel an accepted deal. */
export interface CancellationProposal {
  readonly by: CancellationParty;
  /** The creator's account id, or the brand contact's e-mail. */
  readonly actor: string;
  readonly at: Date;
  /** As typed, trimmed (show it as text). */
  readonly reason: string;
}

/** A cancellation move in the deal's history: what was done to whose proposal. */
export interface CancellationMove {
  readonly action: CancellationAction;
  readonly proposedBy: CancellationParty;
}

/** One recorded transition: who moved the deal from which state to which, and when. */
export interface HistoryEntry {
  readonly at: Date;
  readonly by: Party;
  /**
   * The creator's account id; the brand as proven (`email:<address>`, `brand:<accountId>`; older
   * entries hold the contact's bare e-mail); or 'system'.
   */
  readonly actor: string;
  readonly from: DealState | null;
  readonly to: DealState;
  /** The contract version the transition concerns. */
  readonly version: number;
  /** The brand's comment (changes requested) or reason (declined), as typed. */
  readonly note?: string;
  /** A milestone's move (the deal's own state unchanged): which milestone, from and to. */
  readonly milestone?: MilestoneMove;
  /** A cancellation move (proposed, withdrawn, agreed, declined): the note is its reason. */
  readonly cancellation?: CancellationMove;
  /** The brand party moved (a deal accepted by e-mail claimed by a brand workspace): who to whom. */
  readonly brandParty?: BrandPartyMove;
}

/** A change of the party bound to a deal's money, each as the history names a brand's act. */
export interface BrandPartyMove {
  readonly from: string;
  readonly to: string;
}

export interface MilestoneMove {
  readonly id: string;
  readonly action: MilestoneAction;
  readonly from: MilestoneState;
  readonly to: MilestoneState;
}

/**
 * A click-wrap acceptance (IT Act 2000, s. 10A): who typed which name, when, from where, and the
 * SHA-256 of the exact document they were shown.
 */
export interface AcceptanceRecord {
  readonly party: 'creator' | 'brand';
  readonly fullName: string;
  /**
   * The address proven: the creator's account, or the one the brand's accepting link was mailed
   * to. Null when the brand accepted from its phone-verified workspace (see `mobile`).
   */
  readonly email: string | null;
  /** How the brand proved itself (absent on records from before channels, and the creator's). */
  readonly channel?: 'email' | 'account';
  /** The brand account's verified number (ten digits), when it accepted from the workspace. */
  readonly mobile?: string;
  /** The brand account's id, when it accepted from the workspace. */
  readonly brandAccountId?: string;
  readonly at: Date;
  readonly ip: string;
  readonly userAgent: string;
  readonly documentSha256: string;
}

/** One rendered version of the contract, with the hash of its PDF and the acceptances. */
export interface ContractVersion {
  readonly version: number;
  readonly templateVersion: string;
  readonly sha256: string;
  readonly renderedAt: Date;
  readonly creatorAcceptance: AcceptanceRecord;
  readonly brandAcceptance: AcceptanceRecord | null;
  /** SHA-256 of the signed PDF (the contract plus its audit-trail page), once accepted. */
  readonly signedSha256: string | null;
}

export interface DealProblem {
  readonly code: string;
  readonly message: string;
  readonly at: Date;
}

export interface Deal extends DealTerms {
  readonly id: string;
  readonly creatorId: string;
  readonly state: DealState;
  /** The contract version being drafted or sent (1 first; +1 each time changes are requested). */
  readonly version: number;
  /** Bumped on every write: the condition of every claim-once update. */
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly sentAt: Date | null;
  readonly linkExpiresAt: Date | null;
  readonly history: readonly HistoryEntry[];
  readonly contracts: readonly ContractVersion[];
  /** The last failure of a creator action (e.g. the contract could not be rendered). */
  readonly lastError: DealProblem | null;
  /** The open proposal to cancel the accepted deal (absent or null: none). */
  readonly cancellation?: CancellationProposal | null;
  /**
   * The party that accepted, as proven (written with the acceptance); only it acts on the money.
   * Absent before acceptance, and on deals accepted before it was recorded (see `boundPartyOf`).
   */
  readonly brandParty?: DealBrandParty | null;
}

export const DEAL_ACTIONS = [
  'edit',
  'send',
  'cancel',
  'accept',
  'request_changes',
  'decline',
  'expire',
  'revise',
  'complete',
] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];

interface Rule {
  readonly from: readonly DealState[];
  /** Undefined: the action keeps the state (an edit). */
  readonly to?: DealState;
  readonly by: Party;
}

/**
 * Every move the server allows, and who may make it. Anything not listed is refused.
 * `revise`: the creator's first edit after the brand asked for changes, which opens a new version
 * as a draft. `complete` is the money issue's (once every milestone is settled).
 */
export const TRANSITIONS: Readonly<Record<DealAction, Rule>> = {
  edit: { from: ['draft'], by: 'creator' },
  send: { from: ['draft'], to: 'sent', by: 'creator' },
  cancel: { from: ['draft', 'sent', 'changes_requested'], to: 'cancelled', by: 'creator' },
  accept: { from: ['sent'], to: 'accepted', by: 'brand' },
  request_changes: { from: ['sent'], to: 'changes_requested', by: 'brand' },
  decline: { from: ['sent'], to: 'declined', by: 'brand' },
  expire: { from: ['sent'], to: 'expired', by: 'system' },
  revise: { from: ['changes_requested'], to: 'draft', by: 'creator' },
  complete: { from: ['accepted'], to: 'completed', by: 'system' },
};

export function isAllowed(action: DealAction, state: DealState, by: Party): boolean {
  const rule = TRANSITIONS[action];
  return rule.by === by && rule.from.includes(state);
}

/** The state `action` leads to from `state`, or undefined when it is refused. */
export function nextState(state: DealState, action: DealAction, by: Party): DealState | undefined {
  if (!isAllowed(action, state, by)) return undefined;
  return TRANSITIONS[action].to ?? state;
}

/** What the creator's screens may offer for a deal in `state`. */
export const CREATOR_ACTIONS = ['edit', 'send', 'cancel'] as const;
export type CreatorAction = (typeof CREATOR_ACTIONS)[number];

export function creatorActionsFor(state: DealState): CreatorAction[] {
  return CREATOR_ACTIONS.filter(
    (action) =>
      isAllowed(action, state, 'creator') ||
      // Editing a deal sent back for changes opens its next version (revise).
      (action === 'edit' && isAllowed('revise', state, 'creator')),
  );
}

/** The contract version currently on the table (the latest rendered one), if any. */
export function currentContract(deal: Deal): ContractVersion | undefined {
  return deal.contracts.find(({ version }) => version === deal.version);
}

/** Whether a `sent` deal's link has run out at `now`. */
export function isLinkExpired(deal: Deal, now: Date): boolean {
  return (
    deal.state === 'sent' &&
    deal.linkExpiresAt !== null &&
    now.getTime() >= deal.linkExpiresAt.getTime()
  );
}

/** Whether the brand ever accepted `deal` (a deal cancelled by agreement was accepted first). */
export function wasAccepted(deal: Pick<Deal, 'state' | 'history'>): boolean {
  return (
    deal.state === 'accepted' ||
    deal.state === 'completed' ||
    deal.history.some(({ to }) => to === 'accepted')
  );
}

/**
 * The party bound to an accepted deal's money: the one recorded with the acceptance, or, for a
 * deal accepted before parties were recorded, the contact address its link was mailed to.
 */
export function boundPartyOf(deal: Deal): DealBrandParty | undefined {
  if (!wasAccepted(deal)) return undefined;
  return deal.brandParty ?? { channel: 'email', email: deal.brand.contactEmail };
}

/** The brand workspace (account id) that accepted the deal, or null (none, or by mailed link). */
export function brandAccountOf(deal: Deal): string | null {
  return deal.brandParty?.channel === 'account' ? deal.brandParty.brandId : null;
}

/** A history entry for the move of `deal` by `action`. */
export function historyEntry(
  deal: Pick<Deal, 'state' | 'version'>,
  to: DealState,
  by: Party,
  actor: string,
  at: Date,
  note?: string,
): HistoryEntry {
  return { at, by, actor, from: deal.state, to, version: deal.version, ...(note ? { note } : {}) };
}

/**
 * A change of a deal's fields and what its history records of it (nothing for a change no party
 * sees, e.g. a failed render). `revise` owns the revision, the time and the history.
 */
export type DealChange = Partial<Omit<Deal, 'id' | 'revision' | 'updatedAt' | 'history'>> & {
  readonly record?: HistoryEntry;
};

/**
 * `deal` after `change` at `at`: the one way a deal changes — the revision bumped (the claim-once
 * write keys on it), `updatedAt` set and the change's entry appended to the history.
 */
export function revise(deal: Deal, change: DealChange, at: Date): Deal {
  const { record, ...fields } = change;
  return {
    ...deal,
    ...fields,
    revision: deal.revision + 1,
    updatedAt: at,
    history: record === undefined ? deal.history : [...deal.history, record],
  };
}

/** The list views and sorts, shared with the web app. */
export { DEAL_SORTS, DEAL_VIEWS, type DealSort, type DealView } from '@paylock/deal-limits';

/** Lists and dashboards: which states each view of the creator's contracts shows. */
export const VIEW_STATES: Readonly<Record<DealView, readonly DealState[]>> = {
  all: DEAL_STATES,
  active: ['accepted'],
  pending: ['sent'],
  completed: ['completed'],
  proposals: ['draft', 'changes_requested'],
  archive: ['declined', 'expired', 'cancelled', 'completed'],
};

/** States whose money is "under contract". */
export const UNDER_CONTRACT_STATES: readonly DealState[] = ['accepted'];
