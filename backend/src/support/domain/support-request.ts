import { describedError } from '../../common/domain/domain.error.js';
import type { Deal } from '../../deals/deals.contract.js';

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;

/**
 * What a request is: a question for support, or a grievance for the grievance officer (DPDP Rules
 * and IT Rules: acknowledged within 24 hours, resolved within 15 days).
 */
export const SUPPORT_KINDS = ['question', 'grievance'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** The statutory times a grievance is answered in (docs/privacy.md, "Grievances"). */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 24;
export const GRIEVANCE_RESOLVE_DAYS = 15;

/** Who asked: a creator (Google sign-in) or a brand workspace (signed in by phone). */
export const SUPPORT_PARTIES = ['creator', 'brand'] as const;
export type SupportParty = (typeof SUPPORT_PARTIES)[number];

/** How many of the deal's latest history entries a request carries for support to read. */
export const SUPPORT_DEAL_HISTORY_ENTRIES = 5;

/** One line of the deal's history as support reads it. */
export interface SupportDealEvent {
  readonly at: Date;
  /** Which side acted: creator, brand or system. */
  readonly by: string;
  /** "sent → accepted", or a milestone's move: "milestone “Reel 1”: funded → submitted". */
  readonly what: string;
}

/** The deal a request is about, as it stood when the request was sent. */
export interface SupportDealContext {
  readonly title: string;
  readonly state: string;
  /** Its latest history entries, newest first. */
  readonly recent: readonly SupportDealEvent[];
}

/** A person's question or grievance to Paylock's support (Settings → Help & support, #41). */
export interface SupportRequest {
  readonly id: string;
  readonly kind: SupportKind;
  readonly party: SupportParty;
  readonly accountId: string;
  readonly name: string;
  /** Where the confirmation and the answer are mailed; null for a brand without a contact e-mail. */
  readonly email: string | null;
  /** A brand's mobile number (E.164): the answer goes by SMS when it has no contact e-mail. */
  readonly phone: string | null;
  readonly subject: string;
  readonly message: string;
  /** The deal it is about, checked to be the person's own; null otherwise. */
  readonly dealId: string | null;
  /** That deal as it stood when the request was sent (its state and latest history). */
  readonly deal: SupportDealContext | null;
  readonly createdAt: Date;
  /** Support's answer, once an admin gave it (one answer per request). */
  readonly answer: SupportAnswer | null;
}

/** An admin's answer to a request: mailed to the person and put in their bell. */
export interface SupportAnswer {
  readonly text: string;
  readonly answeredAt: Date;
  /** The admin who answered (their account id; the audit log names them). */
  readonly answeredBy: string;
}

export type NewSupportRequest = Omit<SupportRequest, 'id' | 'answer'>;

export const SUPPORT_ANSWER_MAX = 4000;
export const SUPPORT_STATUSES = ['open', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export class SupportRequestNotFoundError extends describedError(
  'SUPPORT_REQUEST_NOT_FOUND',
  'There is no support request with this reference.',
) {}

/** Answering is claim-once: of two admins answering at once, one answer is sent. */
export class SupportRequestAlreadyAnsweredError extends describedError(
  'SUPPORT_REQUEST_ALREADY_ANSWERED',
  'This request has been answered already.',
) {}

/** Each request mails a confirmation: at most this many per account a day. */
export const SUPPORT_REQUESTS_PER_DAY = 5;

export class TooManySupportRequestsError extends describedError(
  'TOO_MANY_SUPPORT_REQUESTS',
  'You have sent several requests today. We will answer them; please write again tomorrow.',
) {}

/** The deal named is not one of the person's own (or does not exist): the same answer. */
export class SupportDealNotFoundError extends describedError(
  'SUPPORT_DEAL_NOT_FOUND',
  'This deal is not one of yours.',
) {}

/** The deal's state and its latest history entries, for the back-office to read with the request. */
export function dealContextOf(deal: Deal): SupportDealContext {
  const recent = deal.history
    .slice(-SUPPORT_DEAL_HISTORY_ENTRIES)
    .reverse()
    .map((entry) => {
      const move = entry.milestone;
      const milestone = move && deal.milestones.find(({ id }) => id === move.id);
      const what = move
        ? `milestone “${milestone?.name ?? move.id}”: ${move.from} → ${move.to}`
        : `${entry.from ?? 'new'} → ${entry.to}`;
      return { at: entry.at, by: entry.by, what };
    });
  return { title: deal.title, state: deal.state, recent };
}
