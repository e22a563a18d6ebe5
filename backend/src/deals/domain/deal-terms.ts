import {
  DEAL_LIMITS,
  DEFAULT_APPROVAL_WINDOW_DAYS,
  DEFAULT_REVISION_ROUNDS,
} from '@paylock/deal-limits';
import {
  EmailAddress,
  IndianMobileNumber,
  InvalidWaitlistValueError,
} from '../../waitlist/waitlist.contract.js';
import {
  type DealTerms,
  DELIVERABLE_KINDS,
  type DeliverableKind,
  type Milestone,
  type Platform,
  PLATFORMS,
} from './deal.js';
import { InvalidDealError } from './deal.errors.js';
import { checkDealText } from './deal-text.js';
import { isValidGstin } from '../../tax/tax.contract.js';
import { PENDING_MONEY } from './milestone.js';
import { MAX_MILESTONE_PAISE, MIN_MILESTONE_PAISE, formatRupees } from './money.js';

/** Length caps of every text, in characters (code points): the DTOs, the contract and the web app's. */
export const LIMITS = DEAL_LIMITS;
export { DEFAULT_APPROVAL_WINDOW_DAYS, DEFAULT_REVISION_ROUNDS };

/** How far ahead a due date may be: five years. */
const MAX_DAYS_AHEAD = 5 * 366;
const DAY_MS = 86_400_000;
/** India's offset from UTC: "today" is the day in India. */
const IST_OFFSET_MS = 330 * 60_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export interface DeliverableInput {
  readonly platform: string;
  readonly kind: string;
  readonly quantity: number;
  readonly dueDate: string;
  readonly usageRights: string;
  readonly usagePeriodDays: number;
}

export interface MilestoneInput {
  readonly name: string;
  readonly releaseCondition: string;
  readonly amountPaise: number;
  readonly dueDate: string;
}

/** What a creator submits to create or edit a draft. */
export interface DealTermsInput {
  readonly title: string;
  readonly brief?: string | undefined;
  readonly campaign?: string | null | undefined;
  readonly brand: {
    readonly companyName: string;
    readonly contactName: string;
    readonly contactEmail: string;
    readonly contactMobile: string;
  };
  readonly deliverables: readonly DeliverableInput[];
  readonly milestones: readonly MilestoneInput[];
  readonly totalPaise: number;
  readonly approvalWindowDays?: number | undefined;
  readonly revisionRounds?: number | undefined;
  readonly gstApplies?: boolean | undefined;
  readonly gstin?: string | null | undefined;
}

/** The calendar day in India at `now`, YYYY-MM-DD. */
export function indianToday(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function dayNumber(day: string): number | undefined {
  const match = ISO_DAY.exec(day);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === day ? time / DAY_MS : undefined;
}

class Problems {
  readonly byField: Record<string, string> = {};
  add(field: string, message: string): void {
    this.byField[field] ??= message;
  }
}

function text(
  problems: Problems,
  field: string,
  value: unknown,
  max: number,
  options: { required: boolean; multiline?: boolean },
): string {
  const checked = checkDealText(field, value, { max, ...options });
  if (checked.problem !== undefined) problems.add(field, checked.problem);
  return checked.text;
}

function wholeNumber(
  problems: Problems,
  field: string,
  value: unknown,
  min: number,
  max: number,
): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    problems.add(field, `${field} must be a whole number`);
    return min;
  }
  if (value < min || value > max)
    problems.add(field, `${field} must be between ${String(min)} and ${String(max)}`);
  return value;
}

function futureDay(problems: Problems, field: string, value: unknown, today: string): string {
  const day = typeof value === 'string' ? dayNumber(value) : undefined;
  const first = dayNumber(today) ?? 0;
  if (day === undefined) problems.add(field, `${field} must be a date (YYYY-MM-DD)`);
  else if (day < first) problems.add(field, `${field} must not be in the past`);
  else if (day > first + MAX_DAYS_AHEAD) problems.add(field, `${field} is too far ahead`);
  return typeof value === 'string' ? value : '';
}

function oneOf<T extends string>(
  problems: Problems,
  field: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  problems.add(field, `${field} must be one of ${allowed.join(', ')}`);
  return allowed[0] as T;
}

/** The first `max` items of the list `field` (none unless it is an array); a problem unless it has `min` to `max`. */
function listItems<T>(
  problems: Problems,
  field: string,
  value: readonly T[] | undefined,
  min: number,
  max: number,
): readonly T[] {
  const items: readonly T[] = Array.isArray(value) ? value : [];
  if (items.length < min || items.length > max) {
    problems.add(field, `${field} must list ${String(min)} to ${String(max)} items`);
  }
  return items.slice(0, max);
}

function withWaitlistRule<T>(problems: Problems, field: string, parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidWaitlistValueError) {
      problems.add(field, error.message);
      return undefined;
    }
    throw error;
  }
}

/**
 * Checks and normalises a creator's deal terms at `now` (dates are days in India, none in the
 * past). Every problem is reported at once, keyed by its field path; throws InvalidDealError.
 */
export function parseDealTerms(
  input: DealTermsInput,
  now: Date,
  milestoneId: (index: number) => string,
): DealTerms {
  const problems = new Problems();
  const today = indianToday(now);
  const title = text(problems, 'title', input.title, LIMITS.title, { required: true });
  const brief = text(problems, 'brief', input.brief ?? '', LIMITS.brief, {
    required: false,
    multiline: true,
  });
  const campaignText = text(problems, 'campaign', input.campaign ?? '', LIMITS.campaign, {
    required: false,
  });
  const brandInput = (input.brand as DealTermsInput['brand'] | undefined) ?? {
    companyName: '',
    contactName: '',
    contactEmail: '',
    contactMobile: '',
  };
  const companyName = text(
    problems,
    'brand.companyName',
    brandInput.companyName,
    LIMITS.companyName,
    {
      required: true,
    },
  );
  const contactName = text(
    problems,
    'brand.contactName',
    brandInput.contactName,
    LIMITS.contactName,
    {
      required: true,
    },
  );
  const email =
    typeof brandInput.contactEmail === 'string'
      ? withWaitlistRule(problems, 'brand.contactEmail', () =>
          EmailAddress.parse(brandInput.contactEmail),
        )
      : (problems.add('brand.contactEmail', 'brand.contactEmail must be a string'), undefined);
  const mobile =
    typeof brandInput.contactMobile === 'string'
      ? withWaitlistRule(problems, 'brand.contactMobile', () =>
          IndianMobileNumber.parse(brandInput.contactMobile),
        )
      : (problems.add('brand.contactMobile', 'brand.contactMobile must be a string'), undefined);

  const deliverablesInput = listItems(
    problems,
    'deliverables',
    input.deliverables,
    LIMITS.minDeliverables,
    LIMITS.maxDeliverables,
  );
  const deliverables = deliverablesInput.map((item, index) => {
    const at = `deliverables.${String(index)}`;
    return {
      platform: oneOf<Platform>(problems, `${at}.platform`, item.platform, PLATFORMS),
      kind: oneOf<DeliverableKind>(problems, `${at}.kind`, item.kind, DELIVERABLE_KINDS),
      quantity: wholeNumber(problems, `${at}.quantity`, item.quantity, 1, LIMITS.maxQuantity),
      dueDate: futureDay(problems, `${at}.dueDate`, item.dueDate, today),
      usageRights: text(problems, `${at}.usageRights`, item.usageRights, LIMITS.usageRights, {
        required: false,
      }),
      usagePeriodDays: wholeNumber(
        problems,
        `${at}.usagePeriodDays`,
        item.usagePeriodDays,
        0,
        LIMITS.maxUsagePeriodDays,
      ),
    };
  });

  const milestonesInput = listItems(
    problems,
    'milestones',
    input.milestones,
    LIMITS.minMilestones,
    LIMITS.maxMilestones,
  );
  const milestones: Milestone[] = milestonesInput.map((item, index) => {
    const at = `milestones.${String(index)}`;
    return {
      id: milestoneId(index),
      name: text(problems, `${at}.name`, item.name, LIMITS.milestoneName, { required: true }),
      releaseCondition: text(
        problems,
        `${at}.releaseCondition`,
        item.releaseCondition,
        LIMITS.releaseCondition,
        { required: true },
      ),
      amountPaise: wholeNumber(
        problems,
        `${at}.amountPaise`,
        item.amountPaise,
        MIN_MILESTONE_PAISE,
        MAX_MILESTONE_PAISE,
      ),
      dueDate: futureDay(problems, `${at}.dueDate`, item.dueDate, today),
      ...PENDING_MONEY,
    };
  });
  const totalPaise = wholeNumber(
    problems,
    'totalPaise',
    input.totalPaise,
    MIN_MILESTONE_PAISE,
    MAX_MILESTONE_PAISE * LIMITS.maxMilestones,
  );
  const sum = milestones.reduce((total, { amountPaise }) => total + amountPaise, 0);
  if (milestones.length > 0 && !('totalPaise' in problems.byField) && sum !== totalPaise) {
    problems.add(
      'totalPaise',
      `totalPaise must equal the sum of the milestones (${formatRupees(sum)} = ${String(sum)} paise)`,
    );
  }
  const approvalWindowDays = wholeNumber(
    problems,
    'approvalWindowDays',
    input.approvalWindowDays ?? DEFAULT_APPROVAL_WINDOW_DAYS,
    LIMITS.minApprovalWindowDays,
    LIMITS.maxApprovalWindowDays,
  );
  const revisionRounds = wholeNumber(
    problems,
    'revisionRounds',
    input.revisionRounds ?? DEFAULT_REVISION_ROUNDS,
    LIMITS.minRevisionRounds,
    LIMITS.maxRevisionRounds,
  );
  const gstApplies: unknown = input.gstApplies ?? false;
  if (typeof gstApplies !== 'boolean') problems.add('gstApplies', 'gstApplies must be a boolean');
  let gstin: string | null = null;
  if (input.gstin !== undefined && input.gstin !== null && input.gstin !== '') {
    const candidate = typeof input.gstin === 'string' ? input.gstin : '';
    if (!isValidGstin(candidate)) {
      problems.add('gstin', 'gstin must be a valid 15-character GSTIN (check character included)');
    } else gstin = candidate;
  }
  if (gstApplies === true && gstin === null && !('gstin' in problems.byField)) {
    problems.add('gstin', 'gstin is required when GST applies');
  }

  if (Object.keys(problems.byField).length > 0) throw new InvalidDealError(problems.byField);
  return {
    title,
    brief,
    campaign: campaignText === '' ? null : campaignText,
    brand: {
      companyName,
      contactName,
      contactEmail: email?.value ?? '',
      contactMobile: mobile?.national ?? '',
    },
    deliverables,
    milestones,
    totalPaise,
    approvalWindowDays,
    revisionRounds,
    gstApplies: gstApplies === true,
    gstin,
  };
}
