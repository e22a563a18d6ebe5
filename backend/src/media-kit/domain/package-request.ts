import { checkDealText, DEAL_LIMITS, type DealTermsInput } from '../../deals/deals.contract.js';
import { EmailAddress, InvalidWaitlistValueError } from '../../waitlist/waitlist.contract.js';
import { dealDraftFromPackage, type DraftBrand } from './package-draft.js';
import {
  InvalidPackageRequestError,
  PackageRequestAnsweredError,
} from './package-request.errors.js';
import type { RatePackage } from './rate-package.js';

export const REQUEST_STATES = ['requested', 'accepted', 'declined'] as const;
export type PackageRequestState = (typeof REQUEST_STATES)[number];

export const REQUEST_LIMITS = {
  /** The longest brief a deal takes. */
  brief: DEAL_LIMITS.brief,
  declineReason: 500,
  /** How far ahead the dates may be. */
  maxDaysAhead: 366,
} as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A counter of the shared rate-limit store: its key's prefix, window and limit. */
export interface RequestLimit {
  readonly name: string;
  readonly windowMs: number;
  readonly limit: number;
}

/** Requests sent from one client address in an hour (codes asked for count under the brands' own). */
export const REQUESTS_PER_IP_PER_HOUR: RequestLimit = {
  name: 'package-request-ip-hour',
  windowMs: HOUR_MS,
  limit: 5,
};
/** Requests from one proven mobile number in a day, whichever creators they are for. */
export const REQUESTS_PER_PHONE_PER_DAY: RequestLimit = {
  name: 'package-request-phone-day',
  windowMs: 24 * HOUR_MS,
  limit: 3,
};
/** Requests one creator receives in a day, from everyone. */
export const REQUESTS_PER_CREATOR_PER_DAY: RequestLimit = {
  name: 'package-request-creator-day',
  windowMs: 24 * HOUR_MS,
  limit: 20,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A brand's request for one package of a creator's rate card (#42). The package is kept as it
 * was when requested (the card may change later); the brand's mobile is the number they proved
 * (an SMS code, or their brand session). Claim-once: requested → accepted (with the draft it
 * made) or declined, once.
 */
export interface PackageRequest {
  readonly id: string;
  readonly creatorId: string;
  readonly package: RatePackage;
  readonly brand: DraftBrand;
  /** The brand account that sent it, when signed in by phone; null for a verified stranger. */
  readonly brandAccountId: string | null;
  readonly brief: string;
  /** The first and last day the brand has in mind (YYYY-MM-DD). */
  readonly startDate: string;
  readonly endDate: string;
  readonly state: PackageRequestState;
  readonly requestedAt: Date;
  readonly decidedAt: Date | null;
  readonly declineReason: string | null;
  /** The deal draft the acceptance made. */
  readonly dealId: string | null;
}

/**
 * What the mails about a request are filed under (the outbox's `about`): either party's erasure
 * forgets them with the request.
 */
export const packageRequestMailSubject = (requestId: string) => `package-request:${requestId}`;

/** What the brand types, checked field by field (the mobile is checked where it is proved). */
export interface PackageRequestInput {
  readonly companyName?: unknown;
  readonly contactName?: unknown;
  readonly contactEmail?: unknown;
  readonly brief?: unknown;
  readonly startDate?: unknown;
  readonly endDate?: unknown;
}

export interface CheckedPackageRequest {
  readonly companyName: string;
  readonly contactName: string;
  readonly contactEmail: string;
  readonly brief: string;
  readonly startDate: string;
  readonly endDate: string;
}

function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function checkEmail(value: unknown, problems: Record<string, string>): string {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.contactEmail = 'contactEmail is required';
    return '';
  }
  try {
    return EmailAddress.parse(value).value;
  } catch (error) {
    if (!(error instanceof InvalidWaitlistValueError)) throw error;
    problems.contactEmail = error.message;
    return '';
  }
}

function checkDates(
  input: PackageRequestInput,
  today: string,
  problems: Record<string, string>,
): void {
  const latest = addDays(today, REQUEST_LIMITS.maxDaysAhead);
  for (const field of ['startDate', 'endDate'] as const) {
    const value = input[field];
    if (!isCalendarDay(value)) problems[field] = `${field} must be a date (YYYY-MM-DD)`;
    else if (value < today) problems[field] = `${field} cannot be in the past`;
    else if (value > latest) problems[field] = `${field} must be within a year`;
  }
  if (!problems.startDate && !problems.endDate && String(input.endDate) < String(input.startDate)) {
    problems.endDate = 'endDate must be on or after startDate';
  }
}

/**
 * The brand's company, contact, brief and dates, by the deal form's rules (a request becomes a
 * draft the deals accept as it is): every problem at once, as a field map.
 */
export function parsePackageRequest(
  input: PackageRequestInput,
  today: string,
): CheckedPackageRequest {
  const problems: Record<string, string> = {};
  const text = (field: 'companyName' | 'contactName', max: number) => {
    const checked = checkDealText(field, input[field], { max, required: true });
    if (checked.problem) problems[field] = checked.problem;
    return checked.text;
  };
  const companyName = text('companyName', DEAL_LIMITS.companyName);
  const contactName = text('contactName', DEAL_LIMITS.contactName);
  const contactEmail = checkEmail(input.contactEmail, problems);
  const brief = checkDealText('brief', input.brief, {
    max: REQUEST_LIMITS.brief,
    required: true,
    multiline: true,
  });
  if (brief.problem) problems.brief = brief.problem;
  checkDates(input, today, problems);
  if (Object.keys(problems).length > 0) throw new InvalidPackageRequestError(problems);
  return {
    companyName,
    contactName,
    contactEmail,
    brief: brief.text,
    startDate: input.startDate as string,
    endDate: input.endDate as string,
  };
}

/** The optional reason a creator gives for declining, trimmed; empty is none. */
export function parseDeclineReason(value: unknown): string | null {
  const checked = checkDealText('reason', value, {
    max: REQUEST_LIMITS.declineReason,
    required: false,
    multiline: true,
  });
  if (checked.problem) throw new InvalidPackageRequestError({ reason: checked.problem });
  return checked.text === '' ? null : checked.text;
}

/** The request after the creator's answer; a request is answered once. */
export function answered(
  request: PackageRequest,
  answer: 'accepted' | 'declined',
  at: Date,
  declineReason: string | null = null,
): PackageRequest {
  if (request.state !== 'requested') throw new PackageRequestAnsweredError();
  return {
    ...request,
    state: answer,
    decidedAt: at,
    declineReason: answer === 'declined' ? declineReason : null,
  };
}

/** The draft an accepted request starts: the package's terms for the brand, from their dates. */
export function draftOfRequest(request: PackageRequest, today: string): DealTermsInput {
  return dealDraftFromPackage(
    request.package,
    { brand: request.brand, brief: request.brief, startDate: request.startDate },
    today,
  );
}
