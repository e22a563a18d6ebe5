import { describedError } from '../../common/domain/domain.error.js';

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

/** A person's question or grievance to Paylock's support (Settings → Help & support, #41). */
export interface SupportRequest {
  readonly id: string;
  readonly kind: SupportKind;
  readonly accountId: string;
  readonly name: string;
  /** Where the confirmation (and the answer) goes. */
  readonly email: string;
  readonly subject: string;
  readonly message: string;
  /** The deal it is about, checked to be the person's own; null otherwise. */
  readonly dealId: string | null;
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
